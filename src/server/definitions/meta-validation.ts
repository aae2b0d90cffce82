import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** A problem in one definition file, at a JSON pointer, in Chinese. */
export interface DefinitionProblem {
  /** Path shown to the implementer, relative to the working directory (e.g. schemas/pages/x.json). */
  file: string;
  pointer: string;
  message: string;
  /** Where the pointer is in the file (1-based), when the file could be read. */
  line?: number;
  column?: number;
}

/** The meta-schemas of one folder, compiled once per content (a dev reload recompiles only if they changed). */
export interface MetaSchemas {
  ajv: Ajv;
  /** Validator of a definition kind ('entity', 'page', …), or why its meta-schema is unusable. */
  validator(kind: string): ValidateFunction | string;
  /** Raw meta-schema JSON by file name (widgets.schema.json, …). */
  raw: Map<string, unknown>;
}

let cached: { key: string; meta: MetaSchemas } | null = null;

export function loadMetaSchemas(metaDir: string): MetaSchemas {
  const files = fs.existsSync(metaDir)
    ? fs
        .readdirSync(metaDir)
        .filter((f) => f.endsWith('.schema.json'))
        .sort()
    : [];
  const texts = files.map((f) => fs.readFileSync(path.join(metaDir, f), 'utf8'));
  const key = `${metaDir}\n${files.join('\n')}\n${texts.join('\n')}`;
  if (cached?.key === key) return cached.meta;

  // ajv's default strictness: unknown keywords and formats are errors, annotations are fine.
  const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, allowMatchingProperties: true });
  addFormats(ajv);
  const raw = new Map<string, unknown>();
  const broken = new Map<string, string>();
  files.forEach((f, i) => {
    try {
      const schema = JSON.parse(texts[i]) as Record<string, unknown>;
      raw.set(f, schema);
      ajv.addSchema(schema, typeof schema.$id === 'string' ? undefined : f);
    } catch (err) {
      broken.set(f, `元模式无法读取：${err instanceof Error ? err.message : String(err)}`);
    }
  });
  const compiled = new Map<string, ValidateFunction | string>();
  const meta: MetaSchemas = {
    ajv,
    raw,
    validator(kind) {
      const file = `${kind}.schema.json`;
      let v = compiled.get(file);
      if (!v) {
        if (broken.has(file)) v = broken.get(file) as string;
        else if (!raw.has(file)) v = `缺少元模式 ${path.join(metaDir, file)}`;
        else {
          const schema = raw.get(file) as { $id?: string };
          try {
            v = ajv.getSchema(schema.$id ?? file) ?? `元模式 ${file} 无法编译`;
          } catch (err) {
            v = `元模式 ${file} 无法编译：${err instanceof Error ? err.message : String(err)}`;
          }
        }
        compiled.set(file, v);
      }
      return v;
    },
  };
  cached = { key, meta };
  return meta;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerOf = (...parts: Array<string | number>) =>
  parts.map((p) => `/${escapePointer(String(p))}`).join('');

/**
 * ajv errors as readable problems. `oneOf`/`anyOf` failures keep only the errors of the branch that got
 * furthest into the value (the likely intended shape); `if` errors repeat their `then` errors and go.
 */
export function ajvProblems(file: string, errors: ErrorObject[] | null | undefined): DefinitionProblem[] {
  const list = (errors ?? []).filter((e) => e.keyword !== 'if');
  const alternatives = list.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const dropped = new Set<ErrorObject>();
  for (const alt of alternatives) {
    const prefix = `${alt.schemaPath}/`;
    const inner = list.filter((e) => e.schemaPath.startsWith(prefix));
    const depth = (e: ErrorObject) => e.instancePath.split('/').length;
    const deepest = Math.max(...inner.map(depth), 0);
    if (deepest > depth(alt)) {
      // Keep the branch whose errors go deepest; the alternative itself says nothing more.
      const branchOf = (e: ErrorObject) => e.schemaPath.slice(prefix.length).split('/')[0];
      const best = branchOf(inner.find((e) => depth(e) === deepest) as ErrorObject);
      for (const e of inner) if (branchOf(e) !== best) dropped.add(e);
      dropped.add(alt);
    } else {
      for (const e of inner) dropped.add(e);
    }
  }
  const seen = new Set<string>();
  const out: DefinitionProblem[] = [];
  for (const e of list) {
    if (dropped.has(e)) continue;
    const p = problemOf(file, e);
    const k = `${p.pointer}|${p.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(p);
    }
  }
  return out;
}

function problemOf(file: string, e: ErrorObject): DefinitionProblem {
  const p = e.params as Record<string, unknown>;
  const at = (pointer: string, message: string) => ({ file, pointer, message });
  switch (e.keyword) {
    case 'required':
      return at(e.instancePath, `缺少必填属性 "${String(p.missingProperty)}"`);
    case 'additionalProperties':
      return at(
        `${e.instancePath}${pointerOf(String(p.additionalProperty))}`,
        '不允许的属性（拼写错误，或此处不支持）',
      );
    case 'type':
      return at(e.instancePath, `类型应为 ${String(p.type)}`);
    case 'enum':
      return at(
        e.instancePath,
        `取值应为以下之一：${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`,
      );
    case 'const':
      return at(e.instancePath, `取值应为 ${JSON.stringify(p.allowedValue)}`);
    case 'pattern':
      return at(e.instancePath, `格式不正确（应匹配 ${String(p.pattern)}）`);
    case 'format':
      return at(e.instancePath, `格式应为 ${String(p.format)}`);
    case 'minLength':
      return at(e.instancePath, `长度不能少于 ${String(p.limit)} 个字符`);
    case 'maxLength':
      return at(e.instancePath, `长度不能超过 ${String(p.limit)} 个字符`);
    case 'minItems':
      return at(e.instancePath, `至少需要 ${String(p.limit)} 项`);
    case 'maxItems':
      return at(e.instancePath, `最多允许 ${String(p.limit)} 项`);
    case 'minimum':
    case 'exclusiveMinimum':
      return at(e.instancePath, `不能小于${e.keyword === 'minimum' ? '' : '等于'} ${String(p.limit)}`);
    case 'maximum':
    case 'exclusiveMaximum':
      return at(e.instancePath, `不能大于${e.keyword === 'maximum' ? '' : '等于'} ${String(p.limit)}`);
    case 'uniqueItems':
      return at(e.instancePath, `第 ${Number(p.j) + 1} 项与第 ${Number(p.i) + 1} 项重复`);
    case 'minProperties':
    case 'maxProperties':
      return at(e.instancePath, `属性个数不正确（应为 ${String(p.limit)} 个）`);
    case 'not':
      return at(e.instancePath, '取值不被允许（保留名称或禁止的写法）');
    case 'dependencies':
      return at(e.instancePath, `有 "${String(p.property)}" 时必须有 "${String(p.missingProperty)}"`);
    case 'oneOf':
    case 'anyOf':
      return at(e.instancePath, '不符合任何一种允许的写法');
    default:
      return at(e.instancePath, `不符合元模式（${e.keyword}）`);
  }
}
