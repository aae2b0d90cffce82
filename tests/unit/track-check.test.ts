import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { TRACK_FIXTURE } from '../server/track-fixtures.js';

/** The tracking fixture module with the meta-schemas, its 跟踪订单's `track` replaced (problems of track only). */
function withTrack(track: unknown): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-track-check-'));
  fs.cpSync('schemas/meta', path.join(root, 'meta'), { recursive: true });
  const module = path.join(root, 'modules', 'track');
  fs.cpSync(TRACK_FIXTURE, module, { recursive: true });
  const file = path.join(module, 'entities', 'trk_order.json');
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), track }, null, 2));
  return root;
}

const problems = (track: unknown) =>
  checkDefinitions(withTrack(track))
    .problems.filter((p) => p.pointer.startsWith('/track'))
    .map((p) => [p.pointer, p.message]);

// Issue 18 (track): the names a tracking screen uses are checked by schemas:check.
describe('track in schemas:check', () => {
  it('accepts the fixture: a chain through `of` and an entity linked to the record', () => {
    const fixture = JSON.parse(fs.readFileSync(`${TRACK_FIXTURE}/entities/trk_order.json`, 'utf8'));
    expect(problems(fixture.track)).toEqual([]);
  });

  it('names unknown fields, a search field that is no plain text, unknown entities and wrong links', () => {
    expect(
      problems({
        summary: ['customer', 'nope'],
        search: 'amount',
        include: [
          { entity: 'trk_missing', field: 'salesOrder' },
          { entity: 'trk_ship_log', field: 'ship', of: 'trk_ship' },
          { entity: 'trk_ship', field: 'qty' },
          { entity: 'trk_ship_log', field: 'ship' },
          { entity: 'trk_ship', refBy: 'customer' },
          { entity: 'trk_note' },
        ],
      }),
    ).toEqual([
      ['/track/summary/1', '字段 "nope" 不存在'],
      ['/track/search', '单号搜索字段 "amount" 必须是文本字段（string，非关联）'],
      ['/track/include/0/entity', '实体 "trk_missing" 不存在'],
      ['/track/include/1/of', '"trk_ship" 必须是前面已包含的实体'],
      ['/track/include/2/field', '"qty" 不是实体 trk_ship 指向 trk_order 的关联字段（ref）'],
      ['/track/include/3/field', '"ship" 不是实体 trk_ship_log 指向 trk_order 的关联字段（ref）'],
      ['/track/include/4/refBy', '"customer" 不是本实体指向 trk_ship 的关联字段（ref）'],
      ['/track/include/5', '需要 field（对方指向本记录的关联字段）或 refBy'],
    ]);
  });

  it('refuses a personal-data search field, which a prefix search would reveal', () => {
    expect(problems({ search: 'contactPhone', include: [{ entity: 'trk_ship', field: 'salesOrder' }] })).toEqual([
      ['/track/search', '单号搜索字段 "contactPhone" 不能是个人信息（sensitive）字段'],
    ]);
  });
});
