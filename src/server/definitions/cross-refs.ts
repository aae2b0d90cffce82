import path from 'node:path';
import type {
  EntityDefinition,
  MenuDef,
  PageDefinition,
  ReportDefinition,
} from '../../shared/schema-types.js';
import { recordSchema, systemFields } from '../../shared/entity-record.js';
import { revealPermission } from '../../shared/mask.js';
import { numberingProblems } from '../../shared/numbering.js';
import { isHandWrittenPage } from '../../shared/hand-written-pages.js';
import { personalColumnProblems } from '../lib/table-dict.js';
import { compileReport } from '../modules/report/compile.js';
import { reportMenuProblem } from '../modules/report/menu-check.js';
import type { DefinitionFile, Definitions } from './load.js';
import { ajvProblems, pointerOf, type DefinitionProblem, type MetaSchemas } from './meta-validation.js';
import { dictProblem as dictProblemOf, regexProblem, schemaNodeChecker } from './schema-nodes.js';
import {
  walk,
  pageReferenceProblems,
  reportColumnsOf,
  type Node,
  type PageContext,
} from './page-references.js';
import { widgetTypeProblem } from './widget-types.js';
import { pickProblems, refProblems } from './ref-problems.js';
import { refPopupProblems } from './ref-popup-problems.js';
import { formulaProblems } from './formula-problems.js';
import { rollupProblems } from './rollup-problems.js';
import { workflowProblems } from './workflow-problems.js';
import { triggerProblems } from './trigger-problems.js';
import { trackProblems } from './track-problems.js';
import { recordPageProblems } from './record-page-problems.js';
import { auditProblems } from './audit-problems.js';
import { deriveProblems } from './derive-problems.js';
import { treeProblems } from './tree-problems.js';
import { scopeProblems } from './scope-problems.js';
import { formFieldProblems } from './form-field-problems.js';

/** Components that open the list page of the entity named by the route (/online/cgformList/:code). */
export const ONLINE_LIST_COMPONENTS = ['OnlineList', 'modules/online/cgform/auto/OnlCgformAutoList'];
export const ONLINE_LIST_URL = /^\/online\/cgformList\/([a-z][a-z0-9_]{1,62})$/;

/** Whether a page serves a menu component; the online list names are one component under two names. */
export function servesComponent(page: { components: readonly string[] }, component: string): boolean {
  if (!ONLINE_LIST_COMPONENTS.includes(component)) return page.components.includes(component);
  return page.components.some((c) => ONLINE_LIST_COMPONENTS.includes(c));
}

/** The permission codes an entity's endpoints require. */
export function entityPermissionCodes(e: EntityDefinition): string[] {
  const ops = ['add', 'edit', 'delete', 'batch_delete', 'import', 'export'];
  if ((e.readAccess ?? 'permission') === 'permission') ops.unshift('list');
  // Audited changes: submitting applications and auditing them (modules/audit).
  if (e.audit) ops.push('apply', 'audit');
  return ops.map((op) => `${e.code}:${op}`);
}

/** Menu component strings arrive as `system/UserList`, `/system/UserList`, `views/…`, `….vue`. */
export const normaliseComponent = (c: string) =>
  c
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.vue$/, '');

/** Names that must exist, checked across all definition files that passed their meta-schema. */
export function crossReferenceProblems(
  files: DefinitionFile[],
  defs: Definitions,
  meta: MetaSchemas,
  show: (file: string) => string,
) {
  const problems: DefinitionProblem[] = [];
  const of = <T>(kind: DefinitionFile['kind']) =>
    files
      .filter((f) => f.kind === kind)
      .map((f) => ({ file: show(f.file), data: f.data as T, base: path.basename(f.file, '.json') }));
  const add = (file: string, pointer: string, message: string) => problems.push({ file, pointer, message });

  const entities = new Map(defs.entities.map((e) => [e.code, e]));
  const reports = new Set(defs.reports.map((r) => r.code));
  const reportsByCode = new Map(defs.reports.map((r) => [r.code, r]));
  const dictProblem = (code: string) => dictProblemOf(defs, code);

  // Codes and keys that must be unique across files.
  const unique = (what: string, items: Array<{ file: string; pointer: string; value: string }>) => {
    const seen = new Map<string, string>();
    for (const it of items) {
      const first = seen.get(it.value);
      if (first) add(it.file, it.pointer, `${what} "${it.value}" 重复（已在 ${first} 定义）`);
      else seen.set(it.value, `${it.file} 的 ${it.pointer}`);
    }
  };

  // ---- dictionaries
  const dictFiles = of<{ dicts?: Definitions['dicts']; tableDicts?: Definitions['tableDicts'] }>('dict');
  unique(
    '字典编码',
    dictFiles.flatMap((f) =>
      (f.data.dicts ?? []).map((d, i) => ({
        file: f.file,
        pointer: pointerOf('dicts', i, 'code'),
        value: d.code,
      })),
    ),
  );
  unique(
    '表字典',
    dictFiles.flatMap((f) =>
      (f.data.tableDicts ?? []).map((d, i) => ({
        file: f.file,
        pointer: pointerOf('tableDicts', i, 'table'),
        value: d.table,
      })),
    ),
  );
  // Personal columns (phone, e-mail, ID card …) are never readable through a table dictionary.
  for (const f of dictFiles)
    (f.data.tableDicts ?? []).forEach((d, i) =>
      personalColumnProblems(defs, d).forEach((p) =>
        add(f.file, pointerOf('tableDicts', i, 'columns', p.index), p.message),
      ),
    );
  for (const f of dictFiles)
    (f.data.dicts ?? []).forEach((d, i) =>
      unique(
        `字典 ${d.code} 的项值`,
        d.items.map((it, j) => ({
          file: f.file,
          pointer: pointerOf('dicts', i, 'items', j, 'value'),
          value: it.value,
        })),
      ),
    );

  // ---- menus
  const menuFiles = of<{ menus: MenuDef[] }>('menu');
  const menuNodes: Array<{ file: string; pointer: string; node: MenuDef }> = [];
  const walkMenus = (file: string, nodes: MenuDef[], base: string) =>
    nodes.forEach((node, i) => {
      const pointer = `${base}/${i}`;
      menuNodes.push({ file, pointer, node });
      walkMenus(file, node.children ?? [], `${pointer}/children`);
    });
  for (const f of menuFiles) walkMenus(f.file, f.data.menus, '/menus');
  unique(
    '菜单 key',
    menuNodes.map((m) => ({ file: m.file, pointer: `${m.pointer}/key`, value: m.node.key })),
  );
  const buttons = menuNodes.flatMap((m) =>
    (m.node.buttons ?? []).map((b, j) => ({
      file: m.file,
      pointer: `${m.pointer}/buttons/${j}/perms`,
      value: b.perms,
    })),
  );
  unique('权限码', buttons);
  const perms = new Set(buttons.map((b) => b.value));
  const pages = defs.pages;
  for (const { file, pointer, node } of menuNodes) {
    if (!node.component) continue;
    const component = normaliseComponent(node.component);
    if (isHandWrittenPage(component)) continue;
    const reportMenu = reportMenuProblem(component, node.url, reports);
    if (reportMenu !== undefined) {
      if (reportMenu) add(file, `${pointer}/${reportMenu.pointer}`, reportMenu.message);
      continue;
    }
    if (ONLINE_LIST_COMPONENTS.includes(component)) {
      const code = ONLINE_LIST_URL.exec(node.url)?.[1];
      if (!code) add(file, `${pointer}/url`, `组件 ${component} 的地址应为 /online/cgformList/<实体编码>`);
      else if (!entities.has(code)) add(file, `${pointer}/url`, `实体 "${code}" 不存在`);
      else if (!pages.some((p) => p.entity === code && servesComponent(p, component)))
        add(file, `${pointer}/component`, `没有页面定义服务于 ${component}（实体 ${code}）`);
      continue;
    }
    if (!pages.some((p) => p.components.includes(component)))
      add(
        file,
        `${pointer}/component`,
        `组件 "${component}" 没有对应的页面定义（schemas/pages 中没有页面在 components 中列出它）`,
      );
  }

  // ---- entities
  const entityFiles = of<EntityDefinition>('entity');
  unique(
    '实体编码',
    entityFiles.map((f) => ({ file: f.file, pointer: '/code', value: f.data.code })),
  );
  unique(
    '列表地址',
    entityFiles.flatMap((f) =>
      f.data.listAlias ? [{ file: f.file, pointer: '/listAlias', value: f.data.listAlias }] : [],
    ),
  );
  for (const { file, data: e, base } of entityFiles) {
    if (base !== e.code) add(file, '/code', `文件名应为 ${e.code}.json`);
    unique(
      '字段名',
      e.fields.map((fd, i) => ({ file, pointer: pointerOf('fields', i, 'name'), value: fd.name })),
    );
    const names = new Set([...e.fields.map((fd) => fd.name), ...systemFields(e).map((s) => s.name)]);
    let badRegex = false;
    e.fields.forEach((fd, i) => {
      const at = (key: string) => pointerOf('fields', i, key);
      if (fd.length !== undefined && fd.type !== 'string')
        add(file, at('length'), '只有 string 类型的字段可以设置 length');
      if ((fd.precision !== undefined || fd.scale !== undefined) && fd.type !== 'decimal')
        add(
          file,
          at(fd.precision !== undefined ? 'precision' : 'scale'),
          '只有 decimal 类型的字段可以设置 precision/scale',
        );
      if (fd.type === 'decimal' && (fd.scale ?? 2) > (fd.precision ?? 18))
        add(file, at('scale'), 'scale 不能大于 precision');
      if (fd.min !== undefined && fd.max !== undefined && fd.min > fd.max)
        add(file, at('min'), 'min 不能大于 max');
      if (fd.dictCode) {
        const p = dictProblem(fd.dictCode);
        if (p) add(file, at('dictCode'), p);
      }
      if (fd.sensitive && !perms.has(revealPermission(fd.sensitive)))
        add(
          file,
          at('sensitive'),
          `权限码 "${revealPermission(fd.sensitive)}" 未在 schemas/menus 的按钮中声明（管理员需要能授予它）`,
        );
      for (const [path, message] of numberingProblems(e, fd))
        add(file, pointerOf('fields', i, ...path), message);
      for (const [path, message] of refProblems(entities, fd)) add(file, pointerOf('fields', i, ...path), message);
      for (const [path, message] of formFieldProblems(e, fd)) add(file, pointerOf('fields', i, ...path), message);
      (fd.rules ?? []).forEach((r, j) => {
        const p = regexProblem(r.pattern);
        if (p) add(file, pointerOf('fields', i, 'rules', j, 'pattern'), p);
        if (p) badRegex = true;
      });
    });
    for (const [path, message] of formulaProblems(entities, e)) add(file, pointerOf(...path), message);
    for (const [path, message] of rollupProblems(entities, e)) add(file, pointerOf(...path), message);
    for (const [path, message] of pickProblems(e)) add(file, pointerOf(...path), message);
    for (const [path, message] of refPopupProblems(reportsByCode, e)) add(file, pointerOf(...path), message);
    for (const [path, message] of workflowProblems(e, defs.dicts, perms)) add(file, pointerOf(...path), message);
    for (const [path, message] of trackProblems(entities, e)) add(file, pointerOf(...path), message);
    for (const [path, message] of auditProblems(e)) add(file, pointerOf(...path), message);
    for (const [path, message] of deriveProblems(entities, e, defs.dicts)) add(file, pointerOf(...path), message);
    for (const [path, message] of treeProblems(e)) add(file, pointerOf(...path), message);
    for (const [path, message] of triggerProblems(entities, e)) add(file, pointerOf(...path), message);
    for (const [path, message] of scopeProblems(entities, e)) add(file, pointerOf(...path), message);
    if (e.defaultSort && !names.has(e.defaultSort.field))
      add(file, '/defaultSort/field', `字段 "${e.defaultSort.field}" 不存在`);
    (e.indexes ?? []).forEach((ix, i) =>
      ix.fields.forEach((name, j) => {
        if (!names.has(name)) add(file, pointerOf('indexes', i, 'fields', j), `字段 "${name}" 不存在`);
      }),
    );
    // A child entity is written through its parent's form and permissions: it has no codes of its own.
    for (const code of e.parent ? [] : entityPermissionCodes(e))
      if (!perms.has(code)) add(file, '/code', `权限码 "${code}" 未在 schemas/menus 的按钮中声明`);
    // Defaults must pass the field's own rules, or every add without the field would be refused.
    if (badRegex) continue;
    const record = meta.ajv.compile(
      recordSchema({ ...e, fields: e.fields.map((fd) => ({ ...fd, required: false })) }),
    );
    const defaults = Object.fromEntries(
      e.fields.filter((fd) => fd.default !== undefined).map((fd) => [fd.name, fd.default]),
    );
    if (!record(defaults))
      for (const p of ajvProblems(file, record.errors)) {
        const i = e.fields.findIndex((fd) => fd.name === p.pointer.split('/')[1]);
        add(
          file,
          i >= 0 ? pointerOf('fields', i, 'default') : '/fields',
          `默认值不符合字段规则：${p.message}`,
        );
      }
  }

  // ---- reports: the report module resolves every name a report uses against its source registry.
  const reportFiles = of<ReportDefinition>('report');
  unique(
    '报表编码',
    reportFiles.map((f) => ({ file: f.file, pointer: '/code', value: f.data.code })),
  );
  for (const { file, data: r, base } of reportFiles) {
    if (base !== r.code) add(file, '/code', `文件名应为 ${r.code}.json`);
    for (const p of compileReport(r, defs).problems) add(file, p.pointer, p.message);
    if (r.access !== 'login' && !perms.has(r.access))
      add(file, '/access', `权限码 "${r.access}" 未在 schemas/menus 的按钮中声明`);
    walk(r, '', (node, pointer) => {
      const p = typeof node.dictCode === 'string' ? dictProblem(node.dictCode) : null;
      if (p) add(file, `${pointer}/dictCode`, p);
    });
  }

  // ---- pages
  const pageFiles = of<PageDefinition>('page');
  unique(
    '页面编码',
    pageFiles.map((f) => ({ file: f.file, pointer: '/code', value: f.data.code })),
  );
  const pageCtx: PageContext = {
    entities: new Set(entities.keys()),
    entityFields: new Map([...entities].map(([code, e]) => [code, e.fields.map((f) => f.name)])),
    reportColumns: reportColumnsOf(defs.reports),
    perms,
  };
  const checkNodes = schemaNodeChecker(defs, meta, pageCtx);
  for (const { file, data: page, base } of pageFiles) {
    if (base !== page.code) add(file, '/code', `文件名应为 ${page.code}.json`);
    const entity = page.entity ? entities.get(page.entity) : undefined;
    if (page.entity && !entity) add(file, '/entity', `实体 "${page.entity}" 不存在`);
    if (entity)
      for (const [path, message] of recordPageProblems(entities, defs.stats, entity, page)) add(file, pointerOf(...path), message);
    pageReferenceProblems(page, pageCtx, (ptr, msg) => add(file, ptr, msg));
    if (page.form?.validator && !entities.has(page.form.validator))
      add(file, '/form/validator', `没有名为 "${page.form.validator}" 的预编译校验器（应为实体编码）`);

    checkNodes(page, (ptr, msg) => add(file, ptr, msg));

    if (entity) {
      const names = new Set([
        ...entity.fields.map((fd) => fd.name),
        ...systemFields(entity).map((s) => s.name),
      ]);
      const field = (name: string, pointer: string) => {
        if (!names.has(name.replace(/_dictText$/, '')))
          add(file, pointer, `实体 ${entity.code} 没有字段 "${name}"`);
      };
      (page.columns ?? []).forEach((c, i) => field(c.dataIndex, pointerOf('columns', i, 'dataIndex')));
      for (const part of ['fields', 'more'] as const)
        (page.query?.[part] ?? []).forEach((q, i) => field(q.name, pointerOf('query', part, i, 'name')));
      if (page.list?.sort) field(page.list.sort.column, '/list/sort/column');
      (page.detail?.fields ?? []).forEach((d, i) => field(d.name, pointerOf('detail', 'fields', i, 'name')));
      const sq = page.toolbar?.superQuery;
      if (sq && typeof sq === 'object')
        (sq.fields ?? []).forEach((s, i) =>
          field(s.value, pointerOf('toolbar', 'superQuery', 'fields', i, 'value')),
        );
      (page.form?.omitOnEdit ?? []).forEach((name, i) => field(name, pointerOf('form', 'omitOnEdit', i)));
      if (page.form)
        formFields(page.form.schema, '/form/schema', (name, pointer, node) => {
          field(name, pointer);
          const fd = entity.fields.find((f) => f.name === name);
          const props = node['x-component-props'] as Record<string, unknown> | undefined;
          const component = typeof node['x-component'] === 'string' ? node['x-component'] : undefined;
          const p = fd && widgetTypeProblem(fd.type, component, props, node.type as string | undefined);
          if (p) add(file, `${pointer}/${p.key}`, `字段 "${name}"：${p.message}`);
        });
    }
  }
  return problems;
}

/** The data fields of a Formily form schema: property keys, except `void` layout nodes (they only nest). */
function formFields(
  schema: unknown,
  pointer: string,
  field: (name: string, pointer: string, node: Node) => void,
) {
  const props = (schema as { properties?: Record<string, Node> } | undefined)?.properties;
  for (const [key, child] of Object.entries(props ?? {})) {
    const at = `${pointer}/properties${pointerOf(key)}`;
    if (child.type === 'void' || (child.type === 'object' && child.properties)) formFields(child, at, field);
    else field(key, at, child);
  }
}
