import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { AppContext } from '../../context.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { keepStoredValues, sensitiveFields } from '../../lib/sensitive.js';
import { childrenOf, storedChildren, type ChildLink } from './children.js';
import { computeRecord, refreshComputed } from './computed.js';
import { describeErrors, recordFromBody, type EntityModel } from './entity-model.js';
import {
  assertUnique,
  fieldValues,
  insertRecords,
  updateRecord,
  type AnyDb,
  type EntityRow,
} from './entity-records.js';
import { unknownDictValues } from './known-values.js';
import { unknownRefs } from './ref-check.js';
import { assertChecks } from './checks.js';
import { pickedRows, type PickLink } from './ref-many.js';
import { checkFormCodes } from './form-code-fields.js';

/** The scope columns a child row copies from its parent row (those the child declares). */
const SCOPE_COLUMNS = ['tenantId', 'sysOrgCode', 'doctorId', 'orgId'] as const;

const isRow = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Runs one row's checks; a refusal names the table and the row: `配件明细第 2 行：数量：不能小于0.01`. */
async function inRow<T>(child: ChildLink, index: number, check: () => Promise<T> | T): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(
      `${child.title}第 ${index + 1} 行：${err.message}`,
      err.httpStatus,
      err.code,
      err.result,
    );
  }
}

interface PreparedChild {
  id: string | null;
  record: CleanRecord;
}

/** The rows sent for one child table, cleaned, computed and validated with the child's own rules. */
async function prepareRows(
  trx: AnyDb,
  request: FastifyRequest,
  child: ChildLink,
  rows: unknown[],
  parentId: string,
  stored: Map<string, EntityRow>,
): Promise<PreparedChild[]> {
  const { model } = child;
  const sensitive = sensitiveFields(request.server.ctx.defs, model.table);
  const seen = new Set<string>();
  const out: PreparedChild[] = [];
  for (const [i, raw] of rows.entries())
    out.push(
      await inRow(child, i, async () => {
        if (!isRow(raw)) throw badRequest('应为一行数据');
        // The console's editable grid gives new rows temporary ids (`_tmp_…`): those rows are new.
        const id = typeof raw.id === 'string' && raw.id !== '' && !raw.id.startsWith('_tmp_') ? raw.id : null;
        const before = id ? stored.get(id) : undefined;
        // A stored row of another parent (or none) is refused: rows move only through their own parent.
        if (id && (!before || seen.has(id))) throw badRequest('该行不属于此记录，请刷新后重试');
        if (id) seen.add(id);
        const body = before ? keepStoredValues(sensitive, raw, before) : raw;
        const changes = recordFromBody(model, body, before ? 'edit' : 'add');
        changes[child.field] = parentId;
        const record = computeRecord(
          model.entity,
          before ? { ...fieldValues(model, before), ...changes } : changes,
        );
        // Dictionary values were checked before the transaction (childDictProblems): their lookups
        // read through the main connection, which a single-connection database holds for the transaction.
        const errors = [
          ...model.validate(record),
          ...(await unknownRefs(request, model, record, before, { db: trx, skip: child.field })),
        ];
        if (errors.length) throw badRequest(describeErrors(errors));
        assertChecks(model.entity, record);
        await assertUnique(trx, model, request.user(), record, id ?? undefined);
        return { id, record };
      }),
    );
  return out;
}

/** Refuses a table with fewer or more rows than its definition allows. */
function assertRowCount(child: ChildLink, count: number) {
  if (count < child.minRows) throw badRequest(`${child.title}至少需要 ${child.minRows} 行`);
  if (count > child.maxRows) throw badRequest(`${child.title}最多 ${child.maxRows} 行，当前 ${count} 行`);
}

/**
 * Refuses child rows naming dictionary values that do not exist or that the caller cannot see (400 naming
 * the table and the row). Call it BEFORE the parent's transaction: the lookups use the main connection.
 * On edit (`parentId`) a stored row's unchanged values are not checked again.
 */
export async function assertChildDictValues(
  ctx: AppContext,
  request: FastifyRequest,
  parent: EntityModel,
  body: Record<string, unknown>,
  parentId?: string,
): Promise<void> {
  const links = childrenOf(ctx.defs, parent.entity.code);
  // The caller's data scope is read once per request through the main connection: read it now, not
  // first inside the transaction (the child rows' ref checks need it there).
  if (links.length) await request.scope();
  for (const child of links) {
    const sent = body[child.model.table];
    // Dictionary values and form codes (view sel_form) are looked up through the main connection.
    const looksUp = child.model.entity.fields.some((f) => f.dictCode || f.view === 'sel_form');
    if (child.pick || !Array.isArray(sent) || !looksUp) continue;
    const db = ctx.db.kysely as unknown as AnyDb;
    const stored = new Map(
      (parentId ? await storedChildren(db, child, [parentId]) : []).map((r) => [String(r.id), r]),
    );
    for (const [i, raw] of sent.entries())
      await inRow(child, i, async () => {
        if (!isRow(raw)) return;
        const before = typeof raw.id === 'string' ? stored.get(raw.id) : undefined;
        const record = recordFromBody(child.model, raw, before ? 'edit' : 'add');
        const errors = await unknownDictValues(request, child.model, record, before);
        if (errors.length) throw badRequest(describeErrors(errors));
        await checkFormCodes(request, child.model.entity, record);
      });
  }
}

/**
 * Saves the child tables sent with a parent add or edit, inside the parent's transaction (`trx`): rows
 * without id are added (linked to the parent, with its tenant and department, position = index), rows
 * with id are edited (they must be this parent's), stored rows left out are deleted. A table whose key is
 * absent is left as it is on edit (and empty on add). Then the parent's roll-ups are recomputed (what
 * else reads the rows is the caller's afterWrite).
 */
export async function saveChildren(
  trx: AnyDb,
  ctx: AppContext,
  request: FastifyRequest,
  parent: EntityModel,
  parentId: string,
  body: Record<string, unknown>,
  mode: 'add' | 'edit',
): Promise<void> {
  const links = childrenOf(ctx.defs, parent.entity.code);
  if (links.length === 0) return;
  const session = request.user();
  const parentRow = (await trx
    .selectFrom(parent.table)
    .selectAll()
    .where(sql.ref('id'), '=', parentId)
    .executeTakeFirstOrThrow()) as EntityRow;
  for (const child of links) {
    // The Vue2 online form sends a table the user emptied as '' (it blanks every empty array).
    const sent = body[child.model.table] === '' ? [] : body[child.model.table];
    if (sent === undefined || sent === null) {
      if (mode === 'add') assertRowCount(child, 0);
      continue;
    }
    const storedRows = mode === 'edit' ? await storedChildren(trx, child, [parentId]) : [];
    // A junction (many-to-many) takes the picked target ids as well as rows.
    const list = child.pick ? pickedRows(child as PickLink, sent, storedRows) : sent;
    if (!Array.isArray(list)) throw badRequest(`${child.title}应为行的列表`);
    assertRowCount(child, list.length);
    const stored = new Map(storedRows.map((r) => [String(r.id), r]));
    const rows = await prepareRows(trx, request, child, list, parentId, stored);
    const kept = new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
    const gone = [...stored.keys()].filter((id) => !kept.has(id));
    if (gone.length) await trx.deleteFrom(child.model.table).where(sql.ref('id'), 'in', gone).execute();
    const inherited: EntityRow = {};
    for (const c of SCOPE_COLUMNS) if (c in parentRow && c in child.model.fields) inherited[c] = parentRow[c];
    // tenantId is not a filter field of the model; the child declares it when its scope says so.
    if (child.model.entity.scope?.tenant && 'tenantId' in parentRow) inherited.tenantId = parentRow.tenantId;
    const added: CleanRecord[] = [];
    for (const [i, r] of rows.entries()) {
      if (r.id) await updateRecord(trx, child.model, session, r.id, { ...r.record, sortNo: i + 1 });
      else added.push({ ...r.record, sortNo: i + 1 });
    }
    if (added.length) await insertRecords(trx, ctx, child.model, session, added, Date.now(), inherited);
  }
  // The parent's own roll-ups now, so its history snapshot holds them; afterWrite goes on from there.
  await refreshComputed(trx, ctx.defs, parent, [parentId]);
}
