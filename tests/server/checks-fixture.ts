import fs from 'node:fs';
import path from 'node:path';
import { fixtureFolder } from './definition-fixtures.js';

/**
 * The small valid definition set plus the checks fixture module (tests/fixtures/schemas/checks): a bill
 * with checks (paid <= amount, text compared with a literal), a stored formula and a live field.
 */
export function checksSchemas(): string {
  const { schemas } = fixtureFolder('yjy-checks-', 'valid');
  fs.cpSync('tests/fixtures/schemas/checks/modules', path.join(schemas, 'modules'), { recursive: true });
  return schemas;
}

export const BILL = 'chk_bill';
