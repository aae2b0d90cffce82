import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.js';

/** A copy of fixture definitions (with the real meta-schemas) in its own folder, and a config for it. */
export function fixtureFolder(prefix: string, fixture: 'valid' | 'invalid') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const schemas = path.join(dir, 'schemas');
  fs.cpSync(`tests/fixtures/schemas/${fixture}`, schemas, { recursive: true });
  fs.cpSync('schemas/meta', path.join(schemas, 'meta'), { recursive: true });
  fs.copyFileSync(
    'tests/fixtures/schemas/widgets.schema.json',
    path.join(schemas, 'meta', 'widgets.schema.json'),
  );
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: 'sqlite://:memory:',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'silent',
  });
  return { dir, schemas, cfg };
}
