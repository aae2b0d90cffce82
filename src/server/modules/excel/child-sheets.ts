import type { FastifyRequest } from 'fastify';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { AppContext } from '../../context.js';
import { childrenOf, storedChildren, type ChildLink } from '../online/children.js';
import { saveChildren } from '../online/child-save.js';
import { afterWrite } from '../online/derived-updates.js';
import { brokenCheck } from '../online/checks.js';
import { computeRecord } from '../online/computed.js';
import { withLiveFields } from '../online/live-fields.js';
import { describeErrors, recordFromBody, storageModel, type EntityModel } from '../online/entity-model.js';
import { dbOf, insertRecords, protectRecords, type EntityRow } from '../online/entity-records.js';
import { refResolvers, resolveRefCells } from '../online/ref-check.js';
import { attachRefText } from '../online/ref-text.js';
import { recordInserted } from '../history/entity-snapshot.js';
import { dictMaps, entityColumns, entityExportRows, sheetValues } from './entity-sheet.js';
import type { PreparedRow } from './import-engine.js';
import { formExport, type FormValuesAs } from './form-columns.js';
import { readSheet, type SheetColumn, type SheetRow, type SheetSpec } from './workbook.js';

/**
 * Master-detail in Excel: after the parent's sheet, one sheet per child entity (in definition order)
 * whose first column is the parent's key — the parent field the child's ref displays (维修单号) — so
 * a person can read and write the levels side by side. An import links child rows to the parent rows
 * of the same workbook by that key; each parent is saved with its children in one transaction.
 */

const PARENT_KEY = '__parent';

/** The parent field that links the sheets: the one the child's ref displays. */
function parentKey(parent: EntityModel, child: ChildLink): { field: string; title: string } | null {
  const link = child.model.byName.get(child.field);
  const field = link?.ref?.display ? parent.byName.get(link.ref.display) : undefined;
  return field ? { field: field.name, title: field.title } : null;
}

function childColumns(parent: EntityModel, child: ChildLink, use: 'export' | 'import'): SheetColumn[] | null {
  const key = parentKey(parent, child);
  if (!key) return null;
  return [
    { key: PARENT_KEY, title: key.title },
    ...entityColumns(child.model, use).filter((c) => c.key !== child.field),
  ];
}

/** The child sheets of an export of parent rows (already in the caller's scope and masked). */
export async function childExportSheets(
  ctx: AppContext,
  request: FastifyRequest,
  parent: EntityModel,
  parents: EntityRow[],
  formValues: FormValuesAs = 'text',
): Promise<SheetSpec[]> {
  const sheets: SheetSpec[] = [];
  for (const child of childrenOf(ctx.defs, parent.entity.code)) {
    const columns = childColumns(parent, child, 'export');
    const key = parentKey(parent, child);
    if (!columns || !key) continue;
    const byParent = new Map<string, EntityRow[]>();
    const forms = formExport(request, child.model, formValues);
    for (let i = 0; i < parents.length; i += 500) {
      const ids = parents.slice(i, i + 500).map((p) => String(p.id));
      const stored = withLiveFields(child.model.entity, await storedChildren(dbOf(ctx), child, ids));
      // Ref text for the child's own refs; the link to the parent stays an id to group rows by.
      const own = {
        ...child.model.entity,
        fields: child.model.entity.fields.filter((f) => f.name !== child.field),
      };
      const shown = await protectRecords(
        ctx,
        request,
        child.model,
        await attachRefText(request, own, stored),
      );
      const rows = await entityExportRows(ctx, child.model, await forms.rows(shown), request.user().tenantId);
      for (const r of rows) {
        const list = byParent.get(String(r[child.field])) ?? [];
        list.push(r);
        byParent.set(String(r[child.field]), list);
      }
    }
    const rows = parents.flatMap((p) =>
      (byParent.get(String(p.id)) ?? []).map((r) => ({ ...r, [PARENT_KEY]: p[key.field] })),
    );
    sheets.push({ title: child.title, columns: forms.columns(columns), rows });
  }
  return sheets;
}

/**
 * The child levels of an entity import. `prepare` reads the child sheets of the file and hangs each
 * valid child row on its parent row; a bad child row refuses its parent (with the child sheet's row
 * number), a child row whose key names no parent row is an error of its own. `insert` saves each
 * parent with its children in a transaction of its own.
 */
export function childImport(ctx: AppContext, request: FastifyRequest, parent: EntityModel, strict: boolean) {
  const links = childrenOf(ctx.defs, parent.entity.code);
  const children = new WeakMap<CleanRecord, Record<string, CleanRecord[]>>();
  const errors: string[] = [];

  async function prepare(rows: SheetRow[], prepared: Array<PreparedRow<CleanRecord>>, content: Buffer) {
    errors.length = 0;
    const found: Array<Record<string, CleanRecord[]>> = rows.map(() => ({}));
    const refused: string[][] = rows.map(() => []);
    let sheetNo = 0;
    for (const child of links) {
      const columns = childColumns(parent, child, 'import');
      const key = parentKey(parent, child);
      if (!columns || !key) continue;
      sheetNo += 1;
      const byKey = new Map<string, number>();
      rows.forEach((r, i) => {
        const v = String(r.values[key.field] ?? '').trim();
        if (v && !byKey.has(v)) byKey.set(v, i);
      });
      const { rows: sheet } = await readSheet(content, columns, sheetNo);
      if (sheet.length === 0) continue;
      const maps = await dictMaps(request, child.model, sheet);
      const refs = await refResolvers(request, child.model, sheet);
      const checker = strict ? child.model : storageModel(child.model.entity);
      for (const row of sheet) {
        const where = `${child.title}第 ${row.number} 行：`;
        const owner = byKey.get(String(row.values[PARENT_KEY] ?? '').trim());
        if (owner === undefined) {
          errors.push(
            `${where}找不到${key.title}为“${String(row.values[PARENT_KEY] ?? '')}”的${parent.entity.name}`,
          );
          continue;
        }
        const { values, errors: cellErrors } = sheetValues(child.model, maps, row);
        resolveRefCells(refs, values, cellErrors);
        const record = recordFromBody(child.model, values, 'add');
        // The link is set when the parent is saved; it only has to be there for the rules now.
        const invalid = checker.validate({ ...record, [child.field]: 'pending' });
        const problems = [...cellErrors, ...(invalid.length ? [describeErrors(invalid)] : [])];
        // A rule of the child's checks is a row error here rather than a refusal of the whole file later.
        const computed = problems.length ? null : computeRecord(child.model.entity, { ...record });
        const broken = computed && brokenCheck(child.model.entity, computed);
        if (broken) problems.push(broken);
        if (problems.length) refused[owner].push(`${where}${problems.join('；')}`);
        else (found[owner][child.model.table] ??= []).push(record);
      }
      found.forEach((f, i) => {
        const n = f[child.model.table]?.length ?? 0;
        if (n > child.maxRows) refused[i].push(`${child.title}最多 ${child.maxRows} 行，当前 ${n} 行`);
        else if (n < child.minRows) refused[i].push(`${child.title}至少需要 ${child.minRows} 行`);
      });
    }
    prepared.forEach((p, i) => {
      if (refused[i].length) prepared[i] = { errors: [...('errors' in p ? p.errors : []), ...refused[i]] };
      else if ('record' in p) children.set(p.record, found[i]);
    });
  }

  async function insert(records: CleanRecord[]) {
    const session = request.user();
    for (const record of records) {
      const derived = await dbOf(ctx)
        .transaction()
        .execute(async (trx) => {
          const [id] = await insertRecords(trx, ctx, parent, session, [record]);
          await saveChildren(trx, ctx, request, parent, id, children.get(record) ?? {}, 'add');
          await recordInserted(trx, request, parent, [id], 'import');
          return afterWrite(trx, ctx, request, parent.entity.code, [id], undefined, {
            before: 'new',
            depth: 0,
          });
        });
      await derived.notify();
    }
  }

  return { active: links.length > 0, prepare, insert, errors: () => [...errors] };
}
