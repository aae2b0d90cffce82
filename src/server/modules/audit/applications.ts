import type { Selectable } from 'kysely';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import { formatDateTime } from '../../../shared/time.js';
import type { SysDataApplyTable } from '../../db/tables.js';
import type { AnyDb, EntityRow } from '../online/entity-records.js';
import type { Snapshot } from '../history/change-log.js';

/** Applications for audited data changes (sys_data_apply, migration 0013) as the audit module uses them. */

export type Application = Selectable<SysDataApplyTable>;
export type ApplyKind = Application['kind'];
export type ApplyStatus = Application['status'];

export const KIND_TEXT: Record<ApplyKind, string> = {
  add: '申请新增',
  edit: '申请修改',
  delete: '申请删除',
  merge: '申请合并',
};
export const STATUS_TEXT: Record<ApplyStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  stale: '已失效',
  withdrawn: '已撤回',
};

export const HANDLED = '该申请已被他人处理，请刷新后重试';

/** The scope columns an application copies from its record (or from the applicant, for an add). */
const SCOPE_COLUMNS = ['sysOrgCode', 'orgId', 'doctorId'] as const;

export function scopeColumnsOf(row: EntityRow) {
  const out: Pick<Application, (typeof SCOPE_COLUMNS)[number]> = {
    sysOrgCode: null,
    orgId: null,
    doctorId: null,
  };
  for (const c of SCOPE_COLUMNS) if (row[c] !== undefined && row[c] !== null) out[c] = String(row[c]);
  return out;
}

/** The scope columns a new record takes from an approved add: those its entity declares. */
export function recordScopeOf(entity: EntityDefinition, app: Application): EntityRow {
  const s = entity.scope ?? {};
  const out: EntityRow = {};
  if (s.tenant) out.tenantId = app.tenantId;
  if (s.department) out.sysOrgCode = app.sysOrgCode;
  if (s.organisation) out.orgId = app.orgId;
  if (s.doctor) out.doctorId = app.doctorId;
  return out;
}

export const parseJson = <T>(text: string | null, fallback: T): T =>
  text ? (JSON.parse(text) as T) : fallback;
export const payloadOf = (app: Application) => parseJson<Record<string, unknown>>(app.payload, {});
/** The snapshots when applied for, by record id (one for edit and delete, each merged record for merge). */
export function basesOf(app: Application): Map<string, Snapshot> {
  const base = parseJson<Snapshot | null>(app.base, null);
  if (!base) return new Map();
  if (app.kind === 'merge') return new Map(Object.entries(base as Record<string, Snapshot>));
  return new Map([[String(app.recordId), base]]);
}
export const mergeIdsOf = (app: Application) => parseJson<string[]>(app.mergeIds, []);
/** Every record an application is about. */
export const recordIdsOf = (app: Application) =>
  app.kind === 'merge' ? mergeIdsOf(app) : app.recordId ? [app.recordId] : [];

export async function loadApplication(db: AnyDb, id: string): Promise<Application | undefined> {
  return (await db.selectFrom('sysDataApply').selectAll().where('id', '=', id).executeTakeFirst()) as
    Application | undefined;
}

/**
 * Moves a pending application to `status`, compare-and-set: false when someone else settled it first,
 * so of two concurrent approvals only one wins.
 */
export async function settle(
  db: AnyDb,
  id: string,
  status: Exclude<ApplyStatus, 'pending'>,
  audit: { auditor?: string; comment?: string | null } = {},
): Promise<boolean> {
  const res = await db
    .updateTable('sysDataApply')
    .set({
      status,
      ...(audit.auditor
        ? { auditor: audit.auditor, auditTime: formatDateTime(), auditComment: audit.comment ?? null }
        : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * The label of the record an application is about: its first field, or else its first filled text field —
 * never a reference (an id means nothing to the auditor: a visit is named 基线访视, not its case's id) nor
 * personal data (the label is shown unmasked in the application lists).
 */
export function recordTitle(
  entity: EntityDefinition,
  row: Record<string, unknown> | null | undefined,
): string {
  if (!row) return '';
  const labelled = (f: EntityField | undefined): f is EntityField =>
    !!f &&
    !f.ref &&
    !f.sensitive &&
    f.type !== 'form' &&
    row[f.name] !== undefined &&
    row[f.name] !== null &&
    row[f.name] !== '';
  const first = entity.fields[0];
  if (labelled(first)) return String(row[first.name]);
  const text = entity.fields.find((f) => f.type === 'string' && !f.dictCode && labelled(f));
  return text ? String(row[text.name]) : '';
}
