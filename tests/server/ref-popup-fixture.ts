import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The shipped definitions plus the popup-picking fixture module (tests/fixtures/schemas/ref-popup: sheets
 * whose ref fields, in the form and in the line grid, pick items through a popup report), in a folder of
 * their own. Platform tests do not lean on the ERP module's JSON, which changes with the business.
 */
export function schemasWithRefPopup(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-ref-popup-'));
  fs.cpSync('schemas', dir, { recursive: true });
  fs.cpSync('tests/fixtures/schemas/ref-popup', path.join(dir, 'modules', 'rp'), { recursive: true });
  return dir;
}
