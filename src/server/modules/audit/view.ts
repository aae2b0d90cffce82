import type { FastifyRequest } from 'fastify';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { attachDictText } from '../../lib/dict-text.js';
import { fieldChanges, type Snapshot } from '../history/change-log.js';
import { entitySnapshots } from '../history/entity-snapshot.js';
import { childrenOf } from '../online/children.js';
import { entityModel } from '../online/entity-model.js';
import { dbOf, protectRecords, type EntityRow } from '../online/entity-records.js';
import { attachRefText } from '../online/ref-text.js';
import {
  basesOf,
  KIND_TEXT,
  mergeIdsOf,
  payloadOf,
  recordTitle,
  STATUS_TEXT,
  type Application,
} from './applications.js';

/** Applications as the console shows them: the list row, and the detail with its side-by-side diff. */

const entityOf = (request: FastifyRequest, code: string) =>
  request.server.ctx.defs.entities.find((e) => e.code === code) as EntityDefinition;

/** The record as proposed: the snapshot when applied for with the proposed values over it. */
export function proposed(app: Application): Snapshot | null {
  const payload = payloadOf(app);
  if (app.kind === 'delete') return null;
  if (app.kind === 'add') return payload;
  const base = basesOf(app).get(String(app.recordId)) ?? {};
  return { ...base, ...payload };
}

/** The record as it was when applied for (null for an add). */
export const original = (app: Application): Snapshot | null =>
  app.kind === 'add' ? null : (basesOf(app).get(String(app.recordId)) ?? null);

/** Real names of usernames, for applicant and auditor columns. */
async function realNames(request: FastifyRequest, usernames: string[]) {
  const names = [...new Set(usernames.filter(Boolean))];
  if (!names.length) return new Map<string, string>();
  const rows = await request.server.ctx.db.kysely
    .selectFrom('sysUser')
    .select(['username', 'realname'])
    .where('username', 'in', names)
    .execute();
  return new Map(rows.map((r) => [r.username, r.realname]));
}

export async function listRows(request: FastifyRequest, apps: Application[]) {
  const names = await realNames(
    request,
    apps.flatMap((a) => [a.applicant, a.auditor ?? '']),
  );
  return apps.map((a) => {
    const entity = entityOf(request, a.entityCode);
    return {
      id: a.id,
      entity: a.entityCode,
      entityName: entity?.name ?? a.entityCode,
      kind: a.kind,
      kindText: KIND_TEXT[a.kind],
      recordId: a.kind === 'add' ? a.resultId : a.recordId,
      recordIds: a.kind === 'merge' ? mergeIdsOf(a) : undefined,
      title: entity ? recordTitle(entity, a.kind === 'add' ? payloadOf(a) : original(a)) : '',
      status: a.status,
      statusText: STATUS_TEXT[a.status],
      reason: a.reason,
      applicant: a.applicant,
      applicantName: names.get(a.applicant) ?? a.applicant,
      createTime: a.createTime,
      auditor: a.auditor,
      auditorName: a.auditor ? (names.get(a.auditor) ?? a.auditor) : null,
      auditTime: a.auditTime,
      auditComment: a.auditComment,
    };
  });
}

/** Rows with dictionary and ref display texts, personal fields masked as in the list. */
async function shown(request: FastifyRequest, entity: EntityDefinition, rows: EntityRow[]): Promise<EntityRow[]> {
  const { ctx } = request.server;
  const model = entityModel(entity);
  const withDict = await attachDictText(ctx.db.kysely, ctx.defs, rows, model.fields, request.user().tenantId);
  return protectRecords(ctx, request, model, await attachRefText(request, entity, withDict));
}

const textOf = (row: EntityRow | null, name: string, isList: boolean): string | null => {
  if (!row) return null;
  const v = row[name];
  if (isList) return Array.isArray(v) ? `${v.length} 行` : null;
  const t = row[`${name}_dictText`];
  if (t !== undefined && t !== null && t !== '') return String(t);
  return v === undefined || v === null ? null : String(v);
};

/** The detail of an application: fields, the field-by-field comparison, merge sources, staleness. */
export async function detailOf(request: FastifyRequest, app: Application, stale: boolean) {
  const entity = entityOf(request, app.entityCode);
  const [row] = await listRows(request, [app]);
  const children = childrenOf(request.server.ctx.defs, entity.code).filter((c) => !c.pick);
  const fields = [
    ...entity.fields.filter((f) => !f.live).map((f) => ({ name: f.name, title: f.title })),
    ...children.map((c) => ({ name: c.model.table, title: c.title })),
  ];
  const before = original(app);
  const after = proposed(app);
  const [b, a] = await shown(request, entity, [before ?? {}, after ?? {}]);
  const changes = fieldChanges(before, after);
  const lists = new Set(children.map((c) => c.model.table));
  const diff = fields.map((f) => ({
    field: f.name,
    title: f.title,
    before: before ? (b[f.name] ?? null) : null,
    after: after ? (a[f.name] ?? null) : null,
    beforeText: textOf(before ? b : null, f.name, lists.has(f.name)),
    afterText: textOf(after ? a : null, f.name, lists.has(f.name)),
    changed: f.name in changes,
  }));
  const merge =
    app.kind === 'merge'
      ? {
          records: await shown(
            request,
            entity,
            mergeIdsOf(app).map((id) => ({ ...(basesOf(app).get(id) ?? { id }) })),
          ),
          chosen: payloadOf(app),
        }
      : {};
  return { ...row, fields, diff, ...merge, stale, resultId: app.resultId };
}

/** Whether any record of the application changed (or is gone) since it was applied for. */
export async function isStale(request: FastifyRequest, app: Application, db = dbOf(request.server.ctx)): Promise<boolean> {
  if (app.kind === 'add') return false;
  const entity = entityOf(request, app.entityCode);
  const bases = basesOf(app);
  const now = await entitySnapshots(db, request.server.ctx.defs, entityModel(entity), [...bases.keys()]);
  for (const [id, base] of bases) {
    const current = now.get(id);
    if (!current || Object.keys(fieldChanges(base, current)).length) return true;
  }
  return false;
}
