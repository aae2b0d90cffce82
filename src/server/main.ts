import { ConfigError, loadConfig } from './config.js';
import { createContext, playDeferredStories } from './bootstrap.js';
import { DEMO_PASSWORD, NAMED_USERS, ROLES } from './db/seed-data.js';
import { serve } from './serve.js';

/** Reads config, prepares the database and listens; prints the URL and the demo accounts. */
async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`启动失败：${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const ctx = await createContext(cfg, undefined, { deferStories: true });
  // Development: an edited definition shows on the next page open, without a restart.
  const server = await serve(ctx, { port: cfg.port, host: cfg.host, watch: !cfg.production });
  const close = async () => {
    await server.close();
    await ctx.db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  const url = `http://localhost:${cfg.port}`;
  const lines = [
    '',
    `控制台已启动：${url}`,
    `数据库：${cfg.databaseUrl ? cfg.databaseUrl.replace(/:[^:@/]*@/, ':***@') : `SQLite（${cfg.dataDir}）`}`,
  ];
  if (cfg.seedDemo) {
    lines.push(`演示账号（密码均为 ${DEMO_PASSWORD}）：`);
    const roleName = (code: string) => ROLES.find(([c]) => c === code)?.[1] ?? code;
    for (const u of NAMED_USERS)
      lines.push(`  ${u.username.padEnd(10)} ${u.realname}（${u.roles.map(roleName).join('、')}）`);
  }
  console.log(lines.join('\n') + '\n');
  playDeferredStories(ctx).catch((err) => console.error('演示业务数据未能播放：', err instanceof Error ? err.message : err));
}

main().catch((err) => {
  console.error('启动失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
