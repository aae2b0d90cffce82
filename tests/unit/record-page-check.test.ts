import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { RECORD_PAGE_FIXTURE } from '../server/record-page-fixtures.js';

const PAGE = 'pages/rec-resident-file.json';

/** The record-page fixture module with the meta-schemas, its record page's `record` replaced. */
function withRecord(record: unknown): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-record-check-'));
  fs.cpSync('schemas/meta', path.join(root, 'meta'), { recursive: true });
  const module = path.join(root, 'modules', 'record-page');
  fs.cpSync(RECORD_PAGE_FIXTURE, module, { recursive: true });
  const file = path.join(module, PAGE);
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), record }, null, 2));
  return root;
}

const problems = (record: unknown) =>
  checkDefinitions(withRecord(record))
    .problems.filter((p) => p.pointer.startsWith('/record') || p.pointer === '')
    .map((p) => [p.pointer, p.message]);

// Issue 19 §2: the names a record page (档案页) uses are checked by schemas:check.
describe('record pages in schemas:check', () => {
  it('accepts the fixture', () => {
    const fixture = JSON.parse(fs.readFileSync(`${RECORD_PAGE_FIXTURE}/${PAGE}`, 'utf8'));
    expect(problems(fixture.record)).toEqual([]);
  });

  it('names unknown fields, wrong links, unknown stats and parameters, and non-file fields', () => {
    expect(
      problems({
        header: ['name', 'nope'],
        avatarField: 'name',
        tabs: [
          { key: 'a', title: '甲', kind: 'list', entity: 'rec_missing', field: 'resident' },
          { key: 'b', title: '乙', kind: 'list', entity: 'rec_reading', field: 'sbp', columns: ['sbp', 'x'], sort: { column: 'y' } },
          { key: 'c', title: '丙', kind: 'chart', stat: 'nope', param: 'resident' },
          { key: 'd', title: '丁', kind: 'chart', stat: 'rec_bp_trend', param: 'other' },
          { key: 'd', title: '戊', kind: 'files', field: 'name' },
          { key: 'f', title: '己', kind: 'history' },
        ],
      }),
    ).toEqual([
      ['/record/header/1', '字段 "nope" 不是实体 rec_resident 的字段'],
      ['/record/avatarField', '"name" 不是实体 rec_resident 的图片字段（view: image）'],
      ['/record/tabs/0/entity', '实体 "rec_missing" 不存在'],
      ['/record/tabs/1/field', '"sbp" 不是实体 rec_reading 指向 rec_resident 的关联字段（ref）'],
      ['/record/tabs/1/columns/1', '字段 "x" 不是实体 rec_reading 的字段'],
      ['/record/tabs/1/sort/column', '字段 "y" 不是实体 rec_reading 的字段'],
      ['/record/tabs/2/stat', '统计 "nope" 不存在'],
      ['/record/tabs/3/param', '统计 rec_bp_trend 没有参数 "other"'],
      ['/record/tabs/4/key', '标签 key "d" 重复'],
      ['/record/tabs/4/field', '"name" 不是实体 rec_resident 的文件或图片字段（view: file / image）'],
    ]);
  });

  it('refuses a record page without its entity or record, and a tab missing what its kind needs', () => {
    const out = problems({ tabs: [{ key: 'a', title: '甲', kind: 'chart', stat: 'rec_bp_trend' }] });
    expect(out.map(([p]) => p)).toContain('/record/tabs/0');
  });
});
