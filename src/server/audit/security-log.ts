import type { FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Database } from '../db/tables.js';
import { newId } from '../../shared/ids.js';
import { formatDateTime } from '../../shared/time.js';

/**
 * What the security log records (issue 11 §18). The code is stable (filters and tests use it); the
 * Chinese content says what happened to a person reading the log.
 */
export const SECURITY_EVENTS = {
  'login.success': { type: 1, title: '登录成功' },
  'login.failure': { type: 1, title: '登录失败' },
  'login.locked': { type: 1, title: '账号锁定' },
  logout: { type: 1, title: '退出登录' },
  'session.revoke': { type: 1, title: '退出本人其他会话' },
  'password.change': { type: 2, title: '修改密码' },
  'password.reset': { type: 2, title: '重置密码' },
  'password.failure': { type: 2, title: '旧密码校验失败' },
  'user.roles': { type: 2, title: '变更用户角色' },
  'user.departs': { type: 2, title: '变更用户部门' },
  'user.tenants': { type: 2, title: '变更用户租户' },
  'user.frozen': { type: 2, title: '冻结/解冻用户' },
  'user.forceLogout': { type: 2, title: '强制下线' },
  'user.restore': { type: 2, title: '还原用户' },
  'user.purge': { type: 2, title: '彻底删除用户' },
  'role.permissions': { type: 2, title: '变更角色权限' },
  'sensitive.reveal': { type: 2, title: '查看敏感信息' },
} as const;

export type SecurityEvent = keyof typeof SECURITY_EVENTS;

export interface SecurityEntry {
  event: SecurityEvent;
  /** What happened, in Chinese, without secrets (no passwords, codes or tokens). */
  content: string;
  /** Defaults to true. */
  ok?: boolean;
  /** The acting user; defaults to the request's session. */
  userId?: string | null;
  username?: string | null;
  /** Whom or what the action was about (user name, role code, record id). */
  target?: string | null;
}

/**
 * Appends one entry. A failed write is logged, never thrown: the action it records has already
 * happened, and the caller's answer must not turn into a 5xx because of the log.
 */
export async function securityLog(request: FastifyRequest, entry: SecurityEntry): Promise<void> {
  const session = request.session;
  await writeSecurityLog(request.server.ctx.db.kysely, {
    ...entry,
    userId: entry.userId !== undefined ? entry.userId : (session?.userId ?? null),
    username: entry.username !== undefined ? entry.username : (session?.username ?? null),
    ip: request.ip,
    requestId: String(request.id),
    requestUrl: `${request.method} ${request.routeOptions.url ?? ''}`,
    tenantId: session?.tenantId ?? 0,
  }).catch((err: unknown) => request.log.error({ err, event: entry.event }, 'security log write failed'));
}

/** The insert itself, for callers without a request (background jobs, tests). */
export async function writeSecurityLog(
  db: Kysely<Database>,
  e: SecurityEntry & { ip?: string | null; requestId?: string | null; requestUrl?: string | null; tenantId?: number },
): Promise<void> {
  const entry: Record<LogColumn, unknown> = {
    id: newId(),
    logType: SECURITY_EVENTS[e.event].type,
    event: e.event,
    logContent: e.content.slice(0, 2000),
    result: e.ok === false ? 0 : 1,
    userid: e.userId ?? null,
    username: e.username ?? null,
    target: e.target ?? null,
    ip: e.ip ?? null,
    requestId: e.requestId ?? null,
    requestUrl: e.requestUrl ?? null,
    tenantId: e.tenantId ?? 0,
    createTime: formatDateTime(),
  };
  await insertEntry.execute(db, ...LOG_COLUMNS.map((c) => entry[c]));
}

const LOG_COLUMNS = [
  ...['id', 'logType', 'event', 'logContent', 'result', 'userid', 'username'],
  ...['target', 'ip', 'requestId', 'requestUrl', 'tenantId', 'createTime'],
] as const satisfies ReadonlyArray<keyof Database['sysLog']>;
type LogColumn = (typeof LOG_COLUMNS)[number];

// An administrator reading personal data writes one entry per request: built and compiled once.
const insertEntry = prepared((db, ...values: unknown[]) =>
  db
    .insertInto('sysLog')
    .values(Object.fromEntries(LOG_COLUMNS.map((c, i) => [c, values[i]])) as Insertable<Database['sysLog']>),
);
