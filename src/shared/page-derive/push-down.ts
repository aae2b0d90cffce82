import type { EntityDefinition, PageAction } from '../schema-types.js';

/** What the push-down dialog (renderer part DeriveForm) needs: where the prefill comes from, what it adds. */
export interface DeriveFormProps {
  /** The source entity and the push-down's key: GET /online/cgform/api/derive/<entity>/<key>/<id>. */
  entity: string;
  key: string;
  /** The target entity, whose add form opens. */
  target: string;
}

/**
 * One row action per push-down (entity `derive`), shown when the row's `_derive` (the server's answer to
 * what this caller may start on it now) names it; it opens the target's add form, prefilled.
 */
export function derivePushDownActions(entity: EntityDefinition): PageAction[] {
  return (entity.derive ?? []).map((d) => {
    const props: DeriveFormProps = { entity: entity.code, key: d.key, target: d.entity };
    return {
      key: `derive-${d.key}`,
      title: d.name,
      kind: 'part',
      permission: `${d.entity}:add`,
      visibleWhen: { field: '_derive', op: 'contains', value: d.key },
      part: { part: 'DeriveForm', title: d.name, props },
    };
  });
}
