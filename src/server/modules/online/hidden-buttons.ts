import type { FastifyRequest } from 'fastify';
import { deriveRowActions, deriveToolbar } from '../../../shared/page-derive/actions.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { servesComponent } from '../../definitions/cross-refs.js';
import type { Definitions } from '../../definitions/load.js';

/** A toolbar or row button as a page declares it: absent/false (off), true, or on behind a gate. */
type Declared = boolean | { permission?: string; unlessPermission?: string } | undefined;

/**
 * `hideColumns` of getColumns: the built-in buttons of the original online list (its buttonSwitch keys
 * add, update — edit to the Vue 3 client —, delete, batch_delete, import, export, detail, super_query, bpm)
 * this caller does not get.
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
    // The Vue 3 client names the row's edit button edit, the Vue 2 one update.
    edit: may(rows.edit, 'edit'),
    super_query: toolbar.superQuery !== false,
    bpm: false,
  };
  return Object.keys(shown).filter((button) => !shown[button]);
}

/** A built-in button as the JeecgBoot Vue 3 online list configures it (its name, Ant Design icon and state). */
const builtIn = (buttonCode: string, buttonName: string, buttonIcon: string, on = true) => ({
  buttonCode,
  buttonName,
  buttonIcon,
  buttonStyle: 'built-in',
  buttonStatus: on ? '1' : '0',
  optType: 'js',
});

/**
 * The built-in buttons the JeecgBoot Vue 3 online list (useListButton.ts) reads from getColumns'
 * cgButtonList before it shows any of them; which ones this caller gets is still hideColumns. No
 * process engine and no generated test data here: those two are off.
 */
export const VUE3_BUILT_IN_BUTTONS = [
  builtIn('add', '新增', 'plus-outlined'),
  builtIn('edit', '编辑', 'edit-outlined'),
  builtIn('update', '编辑', 'edit-outlined'),
  builtIn('delete', '删除', 'delete-outlined'),
  builtIn('batch_delete', '批量删除', 'delete-outlined'),
  builtIn('import', '导入', 'import-outlined'),
  builtIn('export', '导出', 'export-outlined'),
  builtIn('detail', '详情', 'eye-outlined'),
  builtIn('query', '查询', 'search-outlined'),
  builtIn('reset', '重置', 'reload-outlined'),
  builtIn('super_query', '高级查询', 'filter-outlined'),
  builtIn('form_confirm', '确定', 'check-outlined'),
  builtIn('bpm', '提交流程', 'check-outlined', false),
  builtIn('aigc_mock_data', '生成测试数据', 'robot-outlined', false),
];
