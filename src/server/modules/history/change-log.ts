import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database, SysChangeLogTable } from '../../db/tables.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';

/**
 * The change history of records (issue 16 §2). Every write path calls `recordChange` inside the
 * transaction of its write, so a change that rolls back leaves no history, and history never claims a
 * change that did not happen.
 */

export type ChangeAction = SysChangeLogTable['action'];
export type Snapshot = Record<string, unknown>;
/** `{ field: [before, after] }` of the changed fields. */
export type FieldChanges = Record<string, [unknown, unknown]>;

export interface ChangeEntry {
  /** Entity code, or the system table as the database spells it (`sys_user`). */
  table: string;
  id: string;
  action: ChangeAction;
  /** The record before the change (null for add, import and restore). */
  before: Snapshot | null;
  /** The record after the change (null for delete). */
  after: Snapshot | null;
  comment?: string | null;
}

/** Who and when a row says about itself: the log records those in its own columns. */
const BOOKKEEPING = new Set(['createBy', 'createTime', 'updateBy', 'updateTime', 'delFlag', 'passwordHash', 'salt', 'password', 'keyHash']);

// Secrets never go into history, not even into a deleted row's snapshot.
const SECRETS = new Set(['passwordHash', 'salt', 'password', 'keyHash']);

/** A value as compared: bookkeeping stripped from child rows; numbers and numeric text alike (PG decimals). */
function comparable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(comparable);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Snapshot)
        .filter(([k]) => !BOOKKEEPING.has(k))
        .map(([k, x]) => [k, comparable(x)]),
    );
  if (typeof v === 'string' && v !== '' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v === undefined || v === '') return null;
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** The child rows as shown in a diff: without bookkeeping columns. */
const shown = (v: unknown) =>
  Array.isArray(v)
    ? v.map((r) =>
        r && typeof r === 'object'
          ? Object.fromEntries(Object.entries(r as Snapshot).filter(([k]) => !BOOKKEEPING.has(k)))
          : r,
      )
    : (v ?? null);

/** The changed fields between two states of a record (either may be null: add or delete). */
export function fieldChanges(before: Snapshot | null, after: Snapshot | null): FieldChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: FieldChanges = {};
  for (const k of keys) {
    if (BOOKKEEPING.has(k) || k === 'id' || k.endsWith('_dictText')) continue;
    const b = before?.[k] ?? null;
    const a = after?.[k] ?? null;
    if (!same(b, a)) out[k] = [shown(b), shown(a)];
  }
  return out;
}

let lastStamp = 0;
let sequence = 0;
/**
 * History ids sort in write order (a record's add and edit often share a second of create_time): a
 * millisecond stamp, a per-process sequence within the millisecond, then randomness (32 characters).
 */
export function historyId(): string {
  const now = Date.now();
  sequence = now === lastStamp ? sequence + 1 : 0;
  lastStamp = now;
  return `${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${newId().slice(0, 19)}`;
}

const withoutSecrets = (row: Snapshot): Snapshot =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !SECRETS.has(k)));

/** Appends one history entry for a change made in `trx` (see `recordChanges`). */
export async function recordChange(
  trx: Kysely<Database> | Transaction<Database> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  request: FastifyRequest,
  entry: ChangeEntry,
): Promise<void> {
  await recordChanges(trx, request, [entry]);
}

/**
 * Appends history entries for changes made in `trx`, in chunks (an import writes thousands). An edit
 * that changed nothing is not recorded; a delete stores the whole `before` snapshot (what a restore
 * puts back).
 */
export async function recordChanges(
  trx: Kysely<Database> | Transaction<Database> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  request: FastifyRequest,
  entries: ChangeEntry[],
): Promise<void> {
  const session = request.session;
  const now = formatDateTime();
  const rows = entries.flatMap(({ table, id, action, before, after, comment }) => {
    const changes = action === 'delete' ? withoutSecrets(before ?? {}) : fieldChanges(before, after);
    const update = action === 'edit' || action === 'transition' || action === 'compute';
    if (update && Object.keys(changes).length === 0 && !comment) return [];
    return [
      {
        id: historyId(),
        tableName: table,
        recordId: id,
        action,
        changes: JSON.stringify(changes),
        comment: comment ?? null,
        createBy: session?.username ?? null,
        createTime: now,
        ip: request.ip,
        tenantId: session?.tenantId ?? 0,
      },
    ];
  });
  // Chunks keep every dialect under its bound-parameter limit (10 values a row).
  for (let i = 0; i < rows.length; i += 200)
    await (trx as Kysely<Database>).insertInto('sysChangeLog').values(rows.slice(i, i + 200)).execute();
}
