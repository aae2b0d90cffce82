import type { FastifyRequest } from 'fastify';
import { deriveRowActions, deriveToolbar } from '../../../shared/page-derive/actions.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { servesComponent } from '../../definitions/cross-refs.js';
import type { Definitions } from '../../definitions/load.js';

/** A toolbar or row button as a page declares it: absent/false (off), true, or on behind a gate. */
type Declared = boolean | { permission?: string; unlessPermission?: string } | undefined;

/**
 * `hideColumns` of getColumns: the built-in buttons of the original online list (its buttonSwitch keys
 * add, update, delete, batch_delete, import, export, detail, super_query, bpm) this caller does not get.
 * A button shows when the entity's list page declares it (the served page, else what it would derive),
 * its gate lets the caller through, and the caller holds the codes the server asks for the action — so
 * the list offers nothing the server would refuse. There is no process engine: bpm is always hidden.
 */
export async function hiddenButtons(
  request: FastifyRequest,
  defs: Pick<Definitions, 'pages'>,
  entity: EntityDefinition,
): Promise<string[]> {
  const page = defs.pages.find((p) => p.entity === entity.code && servesComponent(p, 'OnlineList'));
  const toolbar = page?.toolbar ?? deriveToolbar(entity);
  const rows = page?.rowActions ?? deriveRowActions(entity);
  const perms = await request.permissions();
  const may = (declared: Declared, ...ops: string[]) => {
    if (!declared) return false;
    const gate = declared === true ? {} : declared;
    if (gate.permission && !perms.has(gate.permission)) return false;
    if (gate.unlessPermission && perms.has(gate.unlessPermission)) return false;
    return ops.every((op) => perms.has(`${entity.code}:${op}`));
  };
  const shown: Record<string, boolean> = {
    add: may(toolbar.add, 'add'),
    update: may(rows.edit, 'edit'),
    delete: may(rows.delete, 'delete'),
    // Several ids are a batch delete: the server asks for both codes (routes.ts).
    batch_delete: page?.list?.selection !== false && may(toolbar.batchDelete, 'delete', 'batch_delete'),
    import: may(toolbar.import, 'import'),
    export: may(toolbar.export, 'export'),
    detail: may(rows.detail),
    super_query: toolbar.superQuery !== false,
    bpm: false,
  };
  return Object.keys(shown).filter((button) => !shown[button]);
}
