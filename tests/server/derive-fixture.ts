import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The shipped definitions plus the push-down fixture module (tests/fixtures/schemas/derive: quotes with
 * lines pushed down to orders with lines), in a folder of their own. Platform tests do not lean on the
 * ERP module's JSON, which changes with the business.
 */
export function schemasWithDerive(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-derive-'));
  fs.cpSync('schemas', dir, { recursive: true });
  fs.cpSync('tests/fixtures/schemas/derive', path.join(dir, 'modules', 'dv'), { recursive: true });
  return dir;
}
