import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import {
  formatNumber,
  numberingPeriod,
  numberingProblems,
  parseNumberingPattern,
  type NumberingPart,
} from '../../src/shared/numbering.js';
import type { EntityDefinition, EntityField } from '../../src/shared/schema-types.js';
import { dropClientNumbers } from '../../src/server/modules/online/numbering.js';

// 2026-01-31 16:30 UTC is already 2026-02-01 00:30 in Shanghai (the default zone), still January in London.
const INSTANT = Date.UTC(2026, 0, 31, 16, 30);

const parts = (pattern: string): NumberingPart[] => {
  const parsed = parseNumberingPattern(pattern);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.parts;
};

describe('numbering patterns', () => {
  it('formats date parts on the configured zone and pads the sequence', () => {
    expect(formatNumber(parts('KH{yyyyMMdd}{seq:4}'), 7, INSTANT)).toBe('KH202602010007');
    expect(formatNumber(parts('KH{yyyyMMdd}{seq:4}'), 7, INSTANT, 'Europe/London')).toBe('KH202601310007');
    expect(formatNumber(parts('DD-{yy}{MM}-{seq:3}/X'), 42, INSTANT)).toBe('DD-2602-042/X');
    expect(formatNumber(parts('{seq}'), 12345, INSTANT)).toBe('12345');
  });

  it('lets the sequence outgrow its padding instead of wrapping', () => {
    expect(formatNumber(parts('A{seq:2}'), 100, INSTANT)).toBe('A100');
  });

  it('counts in the period of its reset, on the zone calendar', () => {
    expect(numberingPeriod('day', INSTANT)).toBe('20260201');
    expect(numberingPeriod('month', INSTANT)).toBe('202602');
    expect(numberingPeriod('month', INSTANT, 'Europe/London')).toBe('202601');
    expect(numberingPeriod('year', INSTANT)).toBe('2026');
    expect(numberingPeriod('never', INSTANT)).toBe('');
    expect(numberingPeriod(undefined, INSTANT)).toBe('');
  });

  it('refuses patterns without exactly one sequence or with unknown tokens', () => {
    const error = (p: string) => {
      const r = parseNumberingPattern(p);
      return 'error' in r ? r.error : '';
    };
    expect(error('KH{yyyyMMdd}')).toMatch(/只含一个序号占位符/);
    expect(error('{seq:2}{seq:3}')).toMatch(/只含一个序号占位符/);
    expect(error('KH{yyyyMMdd}{seq:4}{HH}')).toMatch(/未知的占位符 \{HH\}/);
    expect(error('KH{date}{seq:4}')).toMatch(/未知的占位符 \{date\}/);
    expect(error('KH{seq:0}')).toMatch(/位数/);
    expect(error('KH{seq:4')).toMatch(/花括号/);
    expect(error('KH{yyyyMMdd}{seq:4}')).toBe('');
  });

  it('refuses rules whose numbers could repeat or not fit', () => {
    const field = (numbering: EntityField['numbering'], extra: Partial<EntityField> = {}): EntityField => ({
      name: 'code',
      title: '编号',
      type: 'string',
      length: 20,
      numbering,
      ...extra,
    });
    const tenant = { scope: { tenant: true } };
    const messages = (f: EntityField, e: { scope?: { tenant?: boolean } } = tenant) =>
      numberingProblems(e, f).map(([p, m]) => `${p.join('/')}: ${m}`);
    expect(messages(field({ pattern: 'KH{yyyyMMdd}{seq:4}', reset: 'day' }))).toEqual([]);
    expect(messages(field({ pattern: 'KH{yyyyMM}{seq:4}', reset: 'day' }))).toEqual([
      'numbering/pattern: 按日重新编号时，编号规则须含 {dd}，否则编号会重复',
    ]);
    expect(messages(field({ pattern: 'KH{seq:4}', reset: 'month' }))[0]).toMatch(/须含 \{yyyy\} \{MM\}/);
    expect(messages(field({ pattern: 'KH{yyyyMMdd}{seq:16}' }))[0]).toMatch(/位数/);
    expect(messages(field({ pattern: 'KH{yyyyMMdd}{seq:12}' }))).toEqual([
      'numbering/pattern: 编号长度 22 超过字段长度 20',
    ]);
    expect(messages(field({ pattern: 'KH{seq:4}', per: 'tenant' }), {})).toEqual([
      'numbering/per: 实体没有租户范围（scope.tenant），编号不能按租户分别计数',
    ]);
    expect(
      messages(field({ pattern: 'KH{seq:4}' }, { type: 'int', length: undefined, required: true })),
    ).toEqual([
      'type: 编号字段的类型应为 string',
      'required: 编号由服务器在保存时生成，编号字段不能设为 required',
    ]);
  });
});

describe('client values of numbered fields', () => {
  const entity = (editable: boolean) =>
    ({
      code: 'demo',
      name: '演示',
      fields: [
        { name: 'no', title: '编号', type: 'string', numbering: { pattern: 'N{seq:3}', editable } },
        { name: 'name', title: '名称', type: 'string' },
      ],
    }) as EntityDefinition;

  it('drops them unless the rule is editable, and drops empty ones always', () => {
    const sent = () => ({ no: 'FORGED', name: '甲' });
    const fixed = sent();
    dropClientNumbers(entity(false), fixed);
    expect(fixed).toEqual({ name: '甲' });
    const kept = sent();
    dropClientNumbers(entity(true), kept);
    expect(kept).toEqual({ no: 'FORGED', name: '甲' });
    const cleared = { no: null, name: '甲' };
    dropClientNumbers(entity(true), cleared);
    expect(cleared).toEqual({ name: '甲' });
  });
});

describe('numbering rules in the definition check', () => {
  const FIXTURES = path.resolve('tests/fixtures/schemas');
  let root: string;
  let meta: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-numbering-'));
    fs.cpSync(path.join(FIXTURES, 'valid'), root, { recursive: true });
    meta = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-meta-'));
    for (const f of fs.readdirSync('schemas/meta'))
      if (f !== 'widgets.schema.json') fs.copyFileSync(path.join('schemas/meta', f), path.join(meta, f));
    fs.copyFileSync(path.join(FIXTURES, 'widgets.schema.json'), path.join(meta, 'widgets.schema.json'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(meta, { recursive: true, force: true });
  });

  /** The problems in the fixture entity's file once it has one more field carrying `numbering`. */
  function check(numbering: unknown): string[] {
    const file = path.join(root, 'entities', 'demo_item.json');
    const entity = JSON.parse(
      fs.readFileSync(path.join(FIXTURES, 'valid', 'entities', 'demo_item.json'), 'utf8'),
    );
    entity.fields.push({ name: 'itemNo', title: '物品编号', type: 'string', length: 32, numbering });
    fs.writeFileSync(file, JSON.stringify(entity, null, 2));
    const shown = path.relative(process.cwd(), file);
    return checkDefinitions(root, { metaDir: meta })
      .problems.filter((p) => p.file.startsWith(shown))
      .map((p) => `${p.file}: ${p.pointer}: ${p.message}`);
  }

  it('accepts a sound rule', () => {
    expect(check({ pattern: 'WP{yyyyMMdd}{seq:4}', reset: 'day', per: 'tenant' })).toEqual([]);
  });

  it('names the file and pointer of a pattern without a sequence or with an unknown token', () => {
    // The file may be shown with line:column after its name.
    const file = path.relative(process.cwd(), path.join(root, 'entities', 'demo_item.json'));
    const missing = check({ pattern: 'WP{yyyyMMdd}', reset: 'day' });
    expect(missing).toHaveLength(1);
    expect(missing[0].startsWith(file)).toBe(true);
    expect(missing[0]).toMatch(
      /: \/fields\/5\/numbering\/pattern: 编号规则 "WP\{yyyyMMdd\}" 应含且只含一个序号占位符 \{seq:N\}$/,
    );
    const unknown = check({ pattern: 'WP{yyyyMMdd}{seq:4}{week}' });
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(/: \/fields\/5\/numbering\/pattern: 编号规则 .* 含未知的占位符 \{week\}/);
  });

  it('refuses unknown vocabulary through the meta-schema', () => {
    const lines = check({ pattern: 'WP{seq:4}', reset: 'week' });
    expect(lines.some((l) => l.includes('/fields/5/numbering/reset'))).toBe(true);
  });
});
