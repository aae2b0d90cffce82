import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/time.js';

/** The public signing secret of the original protocol: accepted for compatibility, never in production. */
export const KNOWN_PUBLIC_SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
/** Development-only session pepper; production must set SESSION_SECRET. */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0000000000';
/** SQLITE_READERS default: as many reader threads as this 2-core reference machine has cores. */
export const DEFAULT_SQLITE_READERS = 2;
const KNOWN_PUBLIC_SECRETS = new Set([
  KNOWN_PUBLIC_SIGN_SECRET,
  DEV_SESSION_SECRET,
  'abcdefghijklmnopqrstuvwxyz',
  'fCq+/xW488hMTCD+cmJ3aQ==',
  '123456',
]);

export interface Config {
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** Empty: embedded SQLite in dataDir. `postgres://…`: PostgreSQL. `pglite://memory`: in-process PostgreSQL (tests). */
  databaseUrl: string;
  /** SQLITE_READERS: read-only SQLite connections in worker threads, so slow reads never stall requests (0: none). */
  sqliteReaders: number;
  apiBase: string;
  /** Static-file URL prefix the console puts before stored paths. */
  staticDomain: string;
  signSecret: string;
  sessionSecret: string;
  defaultAppCode: string;
  /**
   * Application codes this deployment serves (APP_CODE first). A sign-in may ask for one of these by the
   * X-App-Code header; any other value falls back to APP_CODE. The code decides data scope (spec §6),
   * so it is never taken from a header alone.
   */
  appCodes: string[];
  /**
   * Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY, comma-separated addresses or CIDR
   * ranges). Empty: the socket address is the client address for throttling and logs.
   */
  trustProxy: string[];
  sessionAbsoluteMs: number;
  sessionIdleMs: number;
  /**
   * WS_PING_SECONDS: the server pings every notice socket this often (WebSocket ping frames, answered by
   * every browser without script) and drops a socket that did not answer the previous ping, so a quiet
   * console stays connected and a dead one is noticed.
   */
  wsPingMs: number;
  /** IANA zone of the wall-clock times the server writes and the console greets by (TZ). */
  timeZone: string;
  logLevel: string;
  /** Requests taking at least this long are logged at `warn` (0: every request); the rest only at `debug`. */
  logSlowMs: number;
  /** `pretty`: one readable line per record (development default); `json`: JSON lines for collectors. */
  logFormat: 'pretty' | 'json';
  uploadMaxBytes: number;
  uploadDir: string;
  /** Argon2id cost: memory in KiB and passes. Tests lower them. */
  argon2MemoryKiB: number;
  argon2Passes: number;
  loginMaxFailures: number;
  loginLockMs: number;
  ipMaxFailuresPerWindow: number;
  /** SMS codes: per number per minute and per day, per address per hour. */
  smsPerNumberPerMinute: number;
  smsPerNumberPerDay: number;
  smsPerIpPerHour: number;
  /**
   * LOGIN_CAPTCHA: `/sys/login` checks the image captcha when the request names a `checkKey` (the
   * JeecgBoot clients). `off` skips the check; the image is served either way.
   */
  loginCaptcha: boolean;
  /**
   * CLIENT_PROFILE: which JeecgBoot front-end family the protocol serves where the families differ.
   * `jeecg-vue2` (default; this console belongs to it) or `jeecg-vue3` (Vue 3 menu component paths and
   * icons, the Vue 3 sign-in and its endpoints).
   */
  clientProfile: ClientProfile;
  /** LOGIN_AES_KEY / LOGIN_AES_IV: AES-CBC key and IV the Vue 3 sign-in encrypts the password with. */
  loginAesKey: string;
  loginAesIv: string;
  seedDemo: boolean;
  /** SEED_STORIES: how many stories each seed plays instead of its `count` (null: the count). */
  seedStories: number | null;
  /** Self-service registration from the sign-in page (off unless enabled). */
  registerEnabled: boolean;
  /** Optional identity providers, off until configured. */
  feishuTokenUrl: string;
  feishuUserUrl: string;
  feishuAppId: string;
  feishuAppSecret: string;
  casPrefix: string;
  ossHost: string;
  ossAccessKeyId: string;
  ossAccessKeySecret: string;
  ossDir: string;
  clientDist: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ConfigError(`配置项 ${key} 必须是数字，当前值：${raw}`);
  return n;
}

export class ConfigError extends Error {}

function timeZone(raw: string | undefined): string {
  const name = raw?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(name)) throw new ConfigError(`配置项 TZ 必须是 IANA 时区名称（如 Asia/Shanghai），当前值：${raw}`);
  return name;
}

export const CLIENT_PROFILES = ['jeecg-vue2', 'jeecg-vue3'] as const;
export type ClientProfile = (typeof CLIENT_PROFILES)[number];

function clientProfile(raw: string | undefined): ClientProfile {
  const value = (raw ?? '').trim() || 'jeecg-vue2';
  if (!(CLIENT_PROFILES as readonly string[]).includes(value))
    throw new ConfigError(`配置项 CLIENT_PROFILE 只能是 ${CLIENT_PROFILES.join(' 或 ')}，当前值：${raw}`);
  return value as ClientProfile;
}

function onOff(env: Env, key: string, fallback: boolean): boolean {
  const raw = (env[key] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['on', '1', 'true'].includes(raw)) return true;
  if (['off', '0', 'false'].includes(raw)) return false;
  throw new ConfigError(`配置项 ${key} 只能是 on 或 off，当前值：${env[key]}`);
}

function sqliteReaders(env: Env): number {
  const n = int(env, 'SQLITE_READERS', DEFAULT_SQLITE_READERS);
  if (!Number.isInteger(n) || n < 0 || n > 64)
    throw new ConfigError(`配置项 SQLITE_READERS 必须是 0 到 64 的整数，当前值：${env.SQLITE_READERS}`);
  return n;
}

/** Seconds, fractions allowed (tests ping every few hundred milliseconds). */
function wsPingMs(env: Env): number {
  const ms = Math.round(int(env, 'WS_PING_SECONDS', 30) * 1000);
  if (ms < 10) throw new ConfigError(`配置项 WS_PING_SECONDS 必须大于 0，当前值：${env.WS_PING_SECONDS}`);
  return ms;
}

function logFormat(raw: string | undefined, production: boolean): 'pretty' | 'json' {
  if (!raw) return production ? 'json' : 'pretty';
  if (raw === 'pretty' || raw === 'json') return raw;
  throw new ConfigError(`配置项 LOG_FORMAT 只能是 pretty 或 json，当前值：${raw}`);
}

/** Every setting with its default; README's configuration table mirrors this list. */
export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const cfg: Config = {
    production,
    host: env.HOST || '0.0.0.0',
    port: int(env, 'PORT', 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    sqliteReaders: sqliteReaders(env),
    apiBase: normaliseBase(env.API_BASE ?? '/jeecg-boot'),
    staticDomain: env.STATIC_DOMAIN || '',
    signSecret: env.SIGN_SECRET ?? (production ? '' : KNOWN_PUBLIC_SIGN_SECRET),
    sessionSecret: env.SESSION_SECRET ?? (production ? '' : DEV_SESSION_SECRET),
    defaultAppCode: env.APP_CODE || 'YJY-ERP-WEB',
    appCodes: uniqueList([env.APP_CODE || 'YJY-ERP-WEB', ...list(env.APP_CODES)]),
    trustProxy: list(env.TRUST_PROXY),
    sessionAbsoluteMs: int(env, 'SESSION_ABSOLUTE_HOURS', 168) * 3600_000,
    sessionIdleMs: int(env, 'SESSION_IDLE_MINUTES', 120) * 60_000,
    wsPingMs: wsPingMs(env),
    timeZone: timeZone(env.TZ),
    logLevel: env.LOG_LEVEL || 'info',
    logSlowMs: int(env, 'LOG_SLOW_MS', 1000),
    logFormat: logFormat(env.LOG_FORMAT, production),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_MB', 20) * 1024 * 1024,
    uploadDir: path.join(dataDir, 'uploads'),
    argon2MemoryKiB: int(env, 'ARGON2_MEMORY_KIB', 19456),
    argon2Passes: int(env, 'ARGON2_PASSES', 2),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMs: int(env, 'LOGIN_LOCK_MINUTES', 10) * 60_000,
    ipMaxFailuresPerWindow: int(env, 'LOGIN_IP_MAX_FAILURES', 30),
    smsPerNumberPerMinute: int(env, 'SMS_PER_NUMBER_PER_MINUTE', 1),
    smsPerNumberPerDay: int(env, 'SMS_PER_NUMBER_PER_DAY', 10),
    smsPerIpPerHour: int(env, 'SMS_PER_IP_PER_HOUR', 20),
    loginCaptcha: onOff(env, 'LOGIN_CAPTCHA', true),
    clientProfile: clientProfile(env.CLIENT_PROFILE),
    loginAesKey: env.LOGIN_AES_KEY ?? '',
    loginAesIv: env.LOGIN_AES_IV ?? '',
    seedDemo: env.SEED_DEMO !== '0',
    seedStories: env.SEED_STORIES ? Math.max(0, Math.floor(int(env, 'SEED_STORIES', 0))) : null,
    registerEnabled: env.REGISTER_ENABLED === '1',
    feishuTokenUrl: env.FEISHU_TOKEN_URL || '',
    feishuUserUrl: env.FEISHU_USER_URL || '',
    feishuAppId: env.FEISHU_APP_ID || '',
    feishuAppSecret: env.FEISHU_APP_SECRET || '',
    casPrefix: env.CAS_PREFIX || '',
    ossHost: env.OSS_HOST || '',
    ossAccessKeyId: env.OSS_ACCESS_KEY_ID || '',
    ossAccessKeySecret: env.OSS_ACCESS_KEY_SECRET || '',
    ossDir: env.OSS_DIR || 'console/',
    clientDist: path.resolve(env.CLIENT_DIST || './dist/client'),
  };
  if (production) assertProductionSecrets(cfg);
  if (cfg.clientProfile === 'jeecg-vue3') assertLoginAes(cfg);
  return cfg;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const uniqueList = (items: string[]) => [...new Set(items)];

function normaliseBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The Vue 3 sign-in encrypts the password with AES-CBC: a 16/24/32-byte key and a 16-byte IV. */
function assertLoginAes(cfg: Config) {
  if (![16, 24, 32].includes(Buffer.byteLength(cfg.loginAesKey)))
    throw new ConfigError('CLIENT_PROFILE=jeecg-vue3 需要 LOGIN_AES_KEY（16、24 或 32 字节，与前端的 AES_KEY 一致）。');
  if (Buffer.byteLength(cfg.loginAesIv) !== 16)
    throw new ConfigError('CLIENT_PROFILE=jeecg-vue3 需要 LOGIN_AES_IV（16 字节，与前端的 AES_IV 一致）。');
}

function assertProductionSecrets(cfg: Config) {
  const check = (key: string, value: string) => {
    if (!value) throw new ConfigError(`生产模式下必须设置 ${key}（不能为空）。`);
    if (KNOWN_PUBLIC_SECRETS.has(value))
      throw new ConfigError(`生产模式下 ${key} 不能使用公开的默认值，请设置一个随机的长字符串。`);
    if (value.length < 16) throw new ConfigError(`生产模式下 ${key} 至少需要 16 个字符。`);
  };
  check('SIGN_SECRET', cfg.signSecret);
  check('SESSION_SECRET', cfg.sessionSecret);
}

/** The configuration table printed in the README, kept next to the code that reads it. */
export const CONFIG_DOC: Array<[string, string, string]> = [
  ['PORT', '8080', '监听端口'],
  ['HOST', '0.0.0.0', '监听地址'],
  ['DATA_DIR', './data', '数据目录（SQLite 数据库、上传文件）'],
  ['DATABASE_URL', '(空)', '为空时使用 DATA_DIR 下的 SQLite；postgres://… 切换到 PostgreSQL'],
  ['SQLITE_READERS', String(DEFAULT_SQLITE_READERS), 'SQLite 只读连接数（各在独立线程中执行查询，慢查询不阻塞其他请求）；0 为全部在主线程执行。PostgreSQL 不使用'],
  ['API_BASE', '/jeecg-boot', '接口基础路径'],
  ['STATIC_DOMAIN', '(空，即 API_BASE/sys/common/static)', '静态文件地址前缀'],
  ['SIGN_SECRET', '开发模式为协议公开值；生产必填', 'X-Sign 签名密钥'],
  ['SESSION_SECRET', '开发模式为固定值；生产必填', '会话令牌哈希密钥'],
  ['APP_CODE', 'YJY-ERP-WEB', '默认应用编码（决定数据范围，不取自请求头）'],
  ['APP_CODES', '(空)', '本部署另外服务的应用编码，逗号分隔；登录时 X-App-Code 只能在 APP_CODE 与这些编码中选择'],
  ['TRUST_PROXY', '(空)', '可信反向代理的地址或网段，逗号分隔；为空时不采信 X-Forwarded-For，以连接地址为准'],
  ['SESSION_ABSOLUTE_HOURS', '168', '会话绝对有效期（小时）'],
  ['SESSION_IDLE_MINUTES', '120', '会话空闲超时（分钟）'],
  ['WS_PING_SECONDS', '30', '消息推送 WebSocket 的心跳间隔（秒）：服务端按此间隔发送 ping 帧，上一次 ping 未得到 pong 的连接被断开'],
  ['TZ', 'Asia/Shanghai', '时区（IANA 名称）：服务端写入的本地时间与控制台的问候语、“今天”都按此时区'],
  ['LOG_LEVEL', 'info', '日志级别'],
  ['LOG_FORMAT', 'pretty（生产 json）', '日志格式：pretty 为每条一行的可读文本，json 为 JSON 行（供日志采集）'],
  ['LOG_SLOW_MS', '1000', '慢请求阈值（毫秒）：info 级别只记录出错（4xx、5xx）与达到该时长的请求，debug 级别每个请求一行；0 记录每个请求'],
  ['UPLOAD_MAX_MB', '20', '单个上传文件大小上限（MB）'],
  ['ARGON2_MEMORY_KIB / ARGON2_PASSES', '19456 / 2', 'Argon2id 参数'],
  ['LOGIN_MAX_FAILURES / LOGIN_LOCK_MINUTES', '5 / 10', '连续失败次数与锁定时长'],
  ['LOGIN_IP_MAX_FAILURES', '30', '同一地址 10 分钟内允许的失败次数'],
  ['SMS_PER_NUMBER_PER_MINUTE / SMS_PER_NUMBER_PER_DAY / SMS_PER_IP_PER_HOUR', '1 / 10 / 20', '短信验证码发送频率上限（每号码每分钟、每天，每地址每小时）'],
  ['CLIENT_PROFILE', 'jeecg-vue2', 'JeecgBoot 前端家族：jeecg-vue2（默认，本控制台同属此家族）或 jeecg-vue3（Vue 3 菜单组件路径与图标、Vue 3 登录与接口）'],
  ['LOGIN_AES_KEY / LOGIN_AES_IV', '(空)', 'jeecg-vue3 登录时密码的 AES-CBC 密钥与偏移量（16 字节），须与前端一致；为空时 jeecg-vue3 拒绝启动'],
  ['LOGIN_CAPTCHA', 'on', '账号密码登录带 checkKey（JeecgBoot 客户端）时校验图片验证码（60 秒有效，一次一用，不区分大小写）；off 不校验，验证码图片照常提供'],
  ['SEED_DEMO', '1', '首次启动写入演示数据（0 关闭）'],
  ['SEED_STORIES', '(空)', '演示业务数据剧本（schemas/<模块>/seeds）每个剧本播放的故事数，为空时按剧本的 count'],
  ['REGISTER_ENABLED', '0', '允许在登录页自助注册（1 开启）'],
  ['FEISHU_TOKEN_URL / FEISHU_USER_URL / FEISHU_APP_ID / FEISHU_APP_SECRET', '(空)', '飞书式登录的身份提供方'],
  ['CAS_PREFIX', '(空)', 'CAS 单点登录服务地址'],
  ['OSS_HOST / OSS_ACCESS_KEY_ID / OSS_ACCESS_KEY_SECRET / OSS_DIR', '(空) / … / console/', '对象存储直传签名'],
  ['NODE_ENV', 'development', 'production 时强制检查密钥'],
];
