import type { FastifyRequest } from 'fastify';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { EntityRow } from './entity-records.js';

/**
 * `<field>_dictText` of user fields (view sel_user, usernames comma-joined): the people's names, so a
 * list shows 张伟 as the responsible doctor rather than zhangwei; one query per page. Exports keep the
 * username (what an import reads back).
 */
export async function withUserText<T extends EntityRow>(request: FastifyRequest, entity: EntityDefinition, rows: T[]): Promise<T[]> {
  const fields = entity.fields.filter((f) => f.view === 'sel_user').map((f) => f.name);
  if (!fields.length || !rows.length) return rows;
  const split = (v: unknown) => (v === null || v === undefined ? [] : String(v).split(',').filter(Boolean));
  const usernames = [...new Set(rows.flatMap((r) => fields.flatMap((f) => split(r[f]))))];
  if (!usernames.length) return rows;
  const names = new Map<string, string>();
  for (let i = 0; i < usernames.length; i += 500)
    for (const u of await request.server.ctx.db.kysely
      .selectFrom('sysUser')
      .select(['username', 'realname'])
      .where('username', 'in', usernames.slice(i, i + 500))
      .execute())
      names.set(u.username, u.realname || u.username);
  return rows.map((r) => {
    const out: EntityRow = { ...r };
    for (const f of fields) {
      const list = split(r[f]);
      if (list.length) out[`${f}_dictText`] = list.map((u) => names.get(u) ?? u).join(',');
    }
    return out as T;
  });
}
