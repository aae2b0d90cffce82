import type { EntityDefinition, EntityTransition, PageAction } from '../schema-types.js';
import { workflow as L } from '../../client/locale/workflow.js';

const API = '/online/cgform/api';

/** The dialog of a transition that asks for a comment (required or optional). */
function commentForm(t: EntityTransition): PageAction['form'] {
  return {
    title: t.name,
    width: 520,
    schema: {
      type: 'object',
      properties: {
        comment: {
          type: 'string',
          title: L.comment,
          'x-component': 'Input.TextArea',
          'x-component-props': { rows: 4, placeholder: L.commentPlaceholder(t.name) },
          'x-validator': [{ maxLength: 500 }],
          ...(t.comment === 'required' ? { required: true } : {}),
        },
      },
    },
  };
}

/**
 * One row action per declared transition, shown when the row's `_transitions` (the server's answer to
 * what this caller may fire now) names it; a comment dialog when the transition takes a comment.
 */
export function deriveTransitionActions(entity: EntityDefinition): PageAction[] {
  return (entity.workflow?.transitions ?? []).map((t) => {
    const asks = t.comment === 'required' || t.comment === 'optional';
    return {
      key: `wf-${t.key}`,
      title: t.name,
      kind: asks ? 'form' : 'request',
      permission: t.permission,
      visibleWhen: { field: '_transitions', op: 'contains', value: t.key },
      ...(t.confirm && !asks ? { confirm: t.confirm } : {}),
      ...(t.color === 'red' ? { danger: true } : {}),
      api: { url: `${API}/transition/${entity.code}/${t.key}`, method: 'post' },
      body: { id: { $row: 'id' } },
      ...(asks ? { form: commentForm(t) } : {}),
    };
  });
}
