import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import { addCalendarDays as addDays, formatDate } from '../../../shared/time.js';
import { isAdministrator } from '../../auth/administrator.js';

/**
 * The visit figures of the JeecgBoot home page (`/sys/loginfo`, `/sys/visitInfo`), counted from the
 * security log: a visit is a successful sign-in (`login.success`), an address is its client address,
 * days are calendar days in the configured time zone. Every signed-in user sees the dashboard; the
 * administrator counts every sign-in, anyone else those of the users of the tenant they work in
 * (everyone's when the deployment has no tenants).
 */
export async function visitRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const db = ctx.db.kysely;

  const signIns = async (request: FastifyRequest) => {
    const session = request.user();
    const base = db.selectFrom('sysLog').where('logType', '=', 1).where('event', '=', 'login.success');
    if (session.tenantId <= 0 || (await isAdministrator(db, session.userId))) return base;
    return base.where(
      'userid',
      'in',
      db.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', session.tenantId),
    );
  };

  fastify.get('/sys/loginfo', { config: { access: 'login' } }, async (request) => {
    const today = formatDate();
    const base = await signIns(request);
    const totals = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const todays = await base
      .where('createTime', '>=', today)
      .where('createTime', '<', addDays(today, 1))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.count<number | string>('ip').distinct().as('ips'),
      ])
      .executeTakeFirst();
    return ok({
      todayVisitCount: Number(todays?.n ?? 0),
      todayIp: Number(todays?.ips ?? 0),
      totalVisitCount: Number(totals?.n ?? 0),
    });
  });

  // The last seven days, oldest first, one entry a day (days without a visit count 0): `tian` is the
  // date, `type` the month-day the chart's axis shows, `visit` the sign-ins and `ip` the addresses.
  fastify.get('/sys/visitInfo', { config: { access: 'login' } }, async (request) => {
    const today = formatDate();
    const first = addDays(today, -6);
    const day = sql<string>`substr(${sql.ref('createTime')}, 1, 10)`;
    const rows = await (
      await signIns(request)
    )
      .where('createTime', '>=', first)
      .where('createTime', '<', addDays(today, 1))
      .select((eb) => [
        day.as('tian'),
        eb.fn.countAll<number | string>().as('visit'),
        eb.fn.count<number | string>('ip').distinct().as('ip'),
      ])
      .groupBy(day)
      .execute();
    const byDay = new Map(rows.map((r) => [r.tian, r]));
    const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
    return ok(
      days.map((tian) => ({
        ip: Number(byDay.get(tian)?.ip ?? 0),
        visit: Number(byDay.get(tian)?.visit ?? 0),
        tian,
        type: tian.slice(5),
      })),
    );
  });
}
