import type { FastifyRequest } from 'fastify';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { FieldChanges } from '../history/change-log.js';
import { childrenOf } from '../online/children.js';
import { stateText } from '../online/workflow.js';
import type { TrackedRecords } from './track-links.js';
import { MAX_TRACK_EVENTS, type TrackEvent } from '../../../shared/track.js';

const MAX_FIELD_TITLES = 8;

/** Titles of changed fields: declared fields and child tables by title; bookkeeping never reaches the log. */
function fieldTitles(request: FastifyRequest, entity: EntityDefinition, changes: FieldChanges): string[] {
  const children = childrenOf(request.server.ctx.defs, entity.code);
  const titles = Object.keys(changes).map(
    (k) =>
      entity.fields.find((f) => f.name === k)?.title ?? children.find((c) => c.model.table === k)?.title ?? k,
  );
  return titles.slice(0, MAX_FIELD_TITLES);
}

/**
 * The change-log entries of every tracked record, oldest first (the newest MAX_TRACK_EVENTS): one query
 * on the log (served by its table + record index) and one for the users' names.
 */
export async function trackEvents(
  request: FastifyRequest,
  tracked: TrackedRecords[],
): Promise<{ events: TrackEvent[]; truncated: boolean }> {
  const { ctx } = request.server;
  const db = ctx.db.kysely;
  const groups = tracked.filter((g) => g.labels.size > 0);
  if (groups.length === 0) return { events: [], truncated: false };
  const rows = await db
    .selectFrom('sysChangeLog')
    .select(['id', 'tableName', 'recordId', 'action', 'changes', 'comment', 'createBy', 'createTime'])
    // Roll-up refreshes (自动计算) follow from the events shown; the timeline leaves them out.
    .where('action', '!=', 'compute')
    .where((eb) =>
      eb.or(
        groups.map((g) =>
          eb.and([eb('tableName', '=', g.entity.code), eb('recordId', 'in', [...g.labels.keys()])]),
        ),
      ),
    )
    .orderBy('id', 'desc')
    .limit(MAX_TRACK_EVENTS + 1)
    .execute();
  const truncated = rows.length > MAX_TRACK_EVENTS;
  const kept = rows.slice(0, MAX_TRACK_EVENTS).reverse();
  const usernames = [...new Set(kept.map((r) => r.createBy).filter((u): u is string => !!u))];
  const names = new Map(
    usernames.length
      ? (await db.selectFrom('sysUser').select(['username', 'realname']).where('username', 'in', usernames).execute()).map(
          (u) => [u.username, u.realname],
        )
      : [],
  );
  const byCode = new Map(groups.map((g) => [g.entity.code, g]));
  const events = kept.map((r): TrackEvent => {
    const { entity, labels } = byCode.get(r.tableName) as TrackedRecords;
    const event: TrackEvent = {
      id: r.id,
      time: r.createTime,
      user: r.createBy ? (names.get(r.createBy) ?? r.createBy) : null,
      entity: entity.code,
      entityName: entity.name,
      recordId: r.recordId,
      label: labels.get(r.recordId) ?? '',
      action: r.action,
      comment: r.comment,
    };
    if (r.action !== 'edit' && r.action !== 'transition') return event;
    const changes = JSON.parse(r.changes) as FieldChanges;
    const state = entity.workflow?.field;
    if (r.action === 'transition' && state && changes[state]) {
      event.from = stateText(ctx.defs, entity, changes[state][0]);
      event.to = stateText(ctx.defs, entity, changes[state][1]);
      delete changes[state];
    }
    const fields = fieldTitles(request, entity, changes);
    if (fields.length) event.fields = fields;
    return event;
  });
  return { events, truncated };
}
