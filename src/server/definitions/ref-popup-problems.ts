import type { EntityDefinition, ReportDefinition } from '../../shared/schema-types.js';

/**
 * What is wrong with the popup reports that ref fields are picked through (EntityRef.popup): the report
 * must exist and read the ref's target entity, with an `id` column (the picked id) and a column named
 * like ref.display (the shown text); fill must name other, non-computed fields of this entity and
 * columns of the report. Each problem as [path below the entity, message].
 */
export function refPopupProblems(
  reports: ReadonlyMap<string, ReportDefinition>,
  e: EntityDefinition,
): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  const own = new Map(e.fields.map((f) => [f.name, f]));
  e.fields.forEach((f, i) => {
    const popup = f.ref?.popup;
    if (!f.ref || !popup) return;
    const at = (...rest: string[]) => ['fields', String(i), 'ref', 'popup', ...rest];
    const report = reports.get(popup.report);
    if (!report) {
      out.push([at('report'), `弹窗报表 "${popup.report}" 不存在`]);
      return;
    }
    if (report.query.from !== f.ref.entity)
      out.push([
        at('report'),
        `弹窗报表 ${report.code} 查询的是 "${report.query.from}"，应查询关联的目标实体 ${f.ref.entity}`,
      ]);
    const columns = new Set(report.columns.map((c) => c.field));
    if (!columns.has('id')) out.push([at('report'), `弹窗报表 ${report.code} 缺少 id 列（所选数据的 id）`]);
    if (!columns.has(f.ref.display))
      out.push([at('report'), `弹窗报表 ${report.code} 缺少显示列 "${f.ref.display}"（与 ref.display 同名）`]);
    for (const [name, column] of Object.entries(popup.fill ?? {})) {
      const target = own.get(name);
      if (!target || name === f.name) out.push([at('fill', name), `实体 ${e.code} 没有可带出的字段 "${name}"`]);
      else if (target.formula) out.push([at('fill', name), `字段 "${name}" 由公式计算，不能由弹窗带出`]);
      if (!columns.has(column)) out.push([at('fill', name), `弹窗报表 ${report.code} 没有列 "${column}"`]);
    }
  });
  return out;
}
