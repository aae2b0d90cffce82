import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { benchColumns, MAX_TEXT } from './data.js';

/**
 * For the design decision only (issue 6): the bench's rules as one JSON Schema over the whole rows
 * array, compiled by ajv into standalone ESM (no `new Function` in the page). The page times it next to
 * the rule engine. The unique rule ('only') has no JSON Schema keyword, so it is left out here.
 */
export function writeAjvValidator(file: string): string {
  const properties: Record<string, unknown> = {};
  for (const c of benchColumns()) {
    properties[c.key] =
      c.type === 'inputNumber'
        ? { type: 'number' }
        : c.type === 'input'
          ? { type: 'string', pattern: `^.{1,${MAX_TEXT}}$` }
          : { type: 'string', pattern: '^.+$' };
  }
  const schema = { type: 'array', items: { type: 'object', required: Object.keys(properties), properties } };
  const ajv = new Ajv({ allErrors: true, code: { source: true, esm: true } });
  const validate = ajv.compile(schema);
  const standalone =
    (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = standalone(ajv, validate);
  if (/\brequire\(/.test(code))
    throw new Error('ajv standalone code needs runtime helpers; keep the bench schema to type and pattern');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  return file;
}
