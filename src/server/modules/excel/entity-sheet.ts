import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { EntityField } from '../../../shared/schema-types.js';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { AppContext } from '../../context.js';
import { attachDictText } from '../../lib/dict-text.js';
import { areaCode, isAreaField } from '../../lib/area.js';
import { callerDictItems } from '../dict/dict-items.js';
import {
  describeErrors,
  entityModel,
  recordFromBody,
  storageModel,
  type EntityModel,
} from '../online/entity-model.js';
import { dbOf, insertRecords, type EntityRow } from '../online/entity-records.js';
import { settleDoctorField } from '../online/doctor-field.js';
import { settleFormDocuments } from '../online/form-documents.js';
import { recordInserted } from '../history/entity-snapshot.js';
import { refResolvers, resolveRefCells } from '../online/ref-check.js';
import { childImport } from './child-sheets.js';
import { computeRecord } from '../online/computed.js';
import { afterWrite } from '../online/derived-updates.js';
import { brokenCheck } from '../online/checks.js';
import type { ImportTarget, PreparedRow } from './import-engine.js';
import { cellDateText, type CellScalar, type SheetColumn, type SheetRow } from './workbook.js';

/** The exported and imported columns of an entity: its listed fields, titled in Chinese. */
export const entityColumns = (model: EntityModel, use: 'export' | 'import'): SheetColumn[] =>
  model.entity.fields
    .filter((f) => (use === 'export' ? f.list !== false : f.importable !== false))
    .map((f) => ({ key: f.name, title: f.title, width: f.width ? Math.round(f.width / 7) : undefined }));

/** Export rows with dictionary and ref text in place of stored codes and ids (what the list shows). */
export async function entityExportRows(
  ctx: AppContext,
  model: EntityModel,
  rows: EntityRow[],
  tenantId: number,
) {
  const withText = await attachDictText(ctx.db.kysely, ctx.defs, rows, model.fields, tenantId);
  return withText.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const f of model.entity.fields)
      if (f.dictCode || f.ref || isAreaField(f)) out[f.name] = r[`${f.name}_dictText`] ?? r[f.name];
    return out;
  });
}

/** A sheet value as the field stores it (dates normalised; numbers and text as they are). */
function fromCell(f: EntityField, v: CellScalar): unknown {
  if (v === null) return null;
  if (f.type === 'date' || f.type === 'datetime')
    return typeof v === 'number' || typeof v === 'boolean' ? String(v) : cellDateText(v, f.type);
  if (v instanceof Date) return cellDateText(v, 'datetime');
  return v;
}

/** Text → value maps of the dictionary fields, for the values that occur in the sheet. */
export async function dictMaps(request: FastifyRequest, model: EntityModel, rows: SheetRow[]) {
  const maps = new Map<string, Map<string, string>>();
  for (const f of model.entity.fields) {
    if (isAreaField(f)) {
      // An area cell holds the county code or its 省/市/区 text; an unknown one stays for the rule to refuse.
      const map = new Map<string, string>();
      for (const r of rows) {
        const cell = String(r.values[f.name] ?? '');
        const code = cell.trim() ? areaCode(cell) : undefined;
        map.set(cell.trim(), code ?? cell.trim());
      }
      maps.set(f.name, map);
      continue;
    }
    if (!f.dictCode) continue;
    const seen = new Set<string>();
    for (const r of rows)
      for (const part of String(r.values[f.name] ?? '').split(',')) if (part.trim()) seen.add(part.trim());
    const map = new Map<string, string>();
    const wanted = [...seen];
    for (let i = 0; i < wanted.length; i += 200) {
      // The caller's items only: a table dictionary's rows outside his scope are unknown values.
      const items = await callerDictItems(request, f.dictCode, {
        keyword: wanted.slice(i, i + 200).join(','),
        limit: 1000,
      });
      for (const it of items) {
        map.set(it.text, it.value);
        map.set(it.value, it.value);
      }
    }
    maps.set(f.name, map);
  }
  return maps;
}

/** A sheet row's values as the entity's fields take them (dictionary text to values, dates), and its errors. */
export function sheetValues(model: EntityModel, maps: Map<string, Map<string, string>>, row: SheetRow) {
  const errors: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(row.values)) {
    const f = model.byName.get(key);
    if (!f) continue;
    const map = maps.get(f.name);
    if (map && raw !== null) {
      const parts = String(raw)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = parts.filter((p) => !map.has(p));
      // Validation off relaxes the entity's rules, never what the field can hold.
      if (unknown.length) errors.push(`${f.title}：字典中没有“${unknown.join('、')}”`);
      values[key] = parts.map((p) => map.get(p) ?? p).join(',');
    } else values[key] = fromCell(f, raw);
  }
  return { values, errors };
}

/**
 * Imports into an entity: sheet values converted (dictionary text to values, dates), checked with the
 * entity's rules — all of them with `validateStatus` 1, only what the column can store with 0 — and
 * unique fields checked against the file and the table, so the insert itself does not fail.
 */
export function entityImportTarget(
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  strict: boolean,
): ImportTarget<CleanRecord> {
  const entity = ctx.defs.entities.find((e) => e.code === code);
  if (!entity) throw new Error(`unknown entity ${code}`);
  const model = entityModel(entity);
  const checker = strict ? model : storageModel(entity);
  const session = request.user();
  const details = childImport(ctx, request, model, strict);
  return {
    columns: entityColumns(model, 'import'),
    sheetErrors: details.errors,
    async prepare(rows, content) {
      const maps = await dictMaps(request, model, rows);
      const refs = await refResolvers(request, model, rows);
      const prepared: Array<PreparedRow<CleanRecord>> = rows.map((row) => {
        const { values, errors } = sheetValues(model, maps, row);
        resolveRefCells(refs, values, errors);
        const record = computeRecord(entity, recordFromBody(model, values, 'add'));
        const invalid = checker.validate(record);
        if (invalid.length) errors.push(describeErrors(invalid));
        // A row breaking one of the entity's checks is a row error with the rule's message.
        const broken = errors.length ? null : brokenCheck(entity, record);
        if (broken) errors.push(broken);
        return errors.length ? { errors } : { record };
      });
      // The responsible doctor a row names must be one the importer may name (scope.doctorField).
      for (const [i, p] of prepared.entries())
        if ('record' in p)
          await settleDoctorField(request, model, p.record).catch((e: Error) => (prepared[i] = { errors: [e.message] }));
      // A form document in a cell is checked against its form as a form write is (form-documents.ts).
      for (const [i, p] of prepared.entries())
        if ('record' in p)
          await settleFormDocuments(request, model, p.record).catch((e: Error) => (prepared[i] = { errors: [e.message] }));
      await markDuplicates(ctx, model, session.tenantId, prepared);
      if (details.active) await details.prepare(rows, prepared, content);
      return prepared;
    },
    async insert(records) {
      // A parent with child levels is saved with its children, one transaction per parent.
      if (details.active) await details.insert(records);
      else
        await (
          await dbOf(ctx)
            .transaction()
            .execute(async (trx) => {
              const ids = await insertRecords(trx, ctx, model, session, records);
              await recordInserted(trx, request, model, ids, 'import');
              // Roll-ups reading the rows (a child sheet imported on its own: its parents), checks, automatic transitions, triggers.
              return afterWrite(trx, ctx, request, code, ids, undefined, { before: 'new', depth: 0 });
            })
        ).notify();
      request.log.info({ entity: code, rows: records.length, by: session.userId }, 'online records imported');
    },
  };
}

/** Rows whose unique value repeats an earlier row of the file or a stored row (of the tenant) become errors. */
async function markDuplicates(
  ctx: AppContext,
  model: EntityModel,
  tenantId: number,
  prepared: Array<PreparedRow<CleanRecord>>,
) {
  for (const f of model.entity.fields.filter((x) => x.unique)) {
    const values = prepared.flatMap((p) =>
      'record' in p && p.record[f.name] !== null && p.record[f.name] !== undefined
        ? [p.record[f.name] as string | number]
        : [],
    );
    const stored = new Set<string>();
    for (let i = 0; i < values.length; i += 200) {
      let q = dbOf(ctx)
        .selectFrom(model.table)
        .select(sql.ref(f.name).as('v'))
        .where(sql.ref(f.name), 'in', values.slice(i, i + 200));
      if (model.entity.scope?.tenant) q = q.where(sql.ref('tenantId'), '=', tenantId);
      for (const r of (await q.execute()) as Array<{ v: unknown }>) stored.add(String(r.v));
    }
    const inFile = new Set<string>();
    prepared.forEach((p, i) => {
      if (!('record' in p)) return;
      const v = p.record[f.name];
      if (v === null || v === undefined) return;
      const key = String(v);
      if (stored.has(key) || inFile.has(key)) prepared[i] = { errors: [`${f.title}：“${key}”已存在`] };
      inFile.add(key);
    });
  }
}
