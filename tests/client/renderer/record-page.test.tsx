import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import residentEntity from '../../fixtures/schemas/record-page/entities/rec_resident.json';
import readingEntity from '../../fixtures/schemas/record-page/entities/rec_reading.json';
import visitEntity from '../../fixtures/schemas/record-page/entities/rec_visit.json';
import filePage from '../../fixtures/schemas/record-page/pages/rec-resident-file.json';
import readingPage from '../../fixtures/schemas/record-page/pages/rec-reading.json';
import visitPage from '../../fixtures/schemas/record-page/pages/rec-visit.json';
import { derivePage } from '../../../src/shared/page-derive';
import type { EntityDefinition, PageDefinition } from '../../../src/shared/schema-types';
import { compactPage, headerItems } from '../../../src/client/renderer/record/record-page';
import { bizFail, type Recorded } from '../shell/fake-server';
import { fakeServer, grant, ok, openPage, page, signIn, tableRows } from './harness';

/**
 * The record page renderer (kind record) on the fixture module's 居民档案, derived as the server serves
 * it: the header card, the tabs (a related list through its own list route, the stat chart, the detail,
 * the history) and the empty, not-found and no-permission states.
 */
const ENTITIES = [residentEntity, readingEntity, visitEntity] as EntityDefinition[];
const served = (p: unknown) => derivePage(p as PageDefinition, ENTITIES);
const RECORD = served(filePage);
const PAGES: Record<string, unknown> = { rec_reading: served(readingPage), rec_visit: served(visitPage) };

const RESIDENT = {
  id: 'r1',
  name: '李建国',
  sex: '1',
  sex_dictText: '男',
  birthDate: '1956-03-12',
  mobile: '138****5678',
  riskLevel: '3',
  riskLevel_dictText: '高危',
  address: '北京市朝阳区安贞路 12 号',
  documents: '',
};
const READINGS = [
  { id: 'b1', resident: 'r1', resident_dictText: '李建国', readDate: '2026-11-20', sbp: 152, dbp: 96, note: '门诊测量' },
  { id: 'b2', resident: 'r1', resident_dictText: '李建国', readDate: '2026-10-02', sbp: 141, dbp: 90, note: '家庭自测' },
];
const TREND = {
  code: 'rec_bp_trend',
  title: '血压趋势',
  dimensions: [{ key: 'readDate', title: '月份' }],
  measures: [
    { key: 'sbp', title: '平均收缩压' },
    { key: 'dbp', title: '平均舒张压' },
  ],
  rows: [{ readDate: '2026-10', sbp: 141, dbp: 90 }],
};

function serve(record: ReturnType<typeof ok> | ReturnType<typeof bizFail> = ok(RESIDENT)) {
  return fakeServer({
    'GET /sys/schema/page': (req: Recorded) =>
      req.params.component === 'OnlineList' ? ok(PAGES[String(req.params.code)]) : ok(RECORD),
    'GET /online/cgform/api/form/rec_resident/r1': record,
    'GET /online/cgform/api/getData/rec_reading': page(READINGS),
    'GET /online/cgform/api/getData/rec_visit': page([]),
    'GET /sys/stats/rec_bp_trend': ok(TREND),
    'GET /sys/changeLog/list': ok({ records: [], total: 0 }),
  });
}

const openFile = (search = '?id=r1') => openPage('rec/ResidentFile', `/rec/file${search}`);
const tab = (name: string) => screen.findByRole('tab', { name });

describe('record page', () => {
  it('shows the header card and the first tab: the related rows through their own list route', async () => {
    const perms = grant('rec_reading:add');
    signIn(perms.auth, perms.allAuth);
    const s = serve();
    openFile();
    const header = await screen.findByTestId('record-header');
    await waitFor(() => expect(header).toHaveTextContent('李建国'));
    expect(header).toHaveTextContent('男');
    expect(header).toHaveTextContent('138****5678');
    expect(header).toHaveTextContent('高危');
    expect(header).not.toHaveTextContent('北京市朝阳区');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '血压记录',
      '血压趋势',
      '随访记录',
      '基本信息',
      '检查报告',
      '变更记录',
    ]);

    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(s.last('GET', '/online/cgform/api/getData/rec_reading')?.params).toMatchObject({
      resident: 'r1',
      column: 'readDate',
      order: 'desc',
    });
    const heads = Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);
    expect(heads).toEqual(expect.arrayContaining(['测量日期', '收缩压', '舒张压', '备注']));
    expect(heads).not.toContain('居民');
    expect(await screen.findByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();

    // A click on a row opens that reading's detail.
    await userEvent.click(within(tableRows()[1]).getByText('家庭自测'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('141'));
  });

  it('hides 新增 from a user without <entity>:add', async () => {
    // Configured for the system (allAuth) but not granted to this user.
    signIn([], grant('rec_reading:add').allAuth);
    serve();
    openFile();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('asks the chart tab’s stat with the record id, and the history tab for the record’s changes', async () => {
    signIn();
    const s = serve();
    openFile();
    await userEvent.click(await tab('血压趋势'));
    await waitFor(() => expect(s.last('GET', '/sys/stats/rec_bp_trend')?.params).toMatchObject({ resident: 'r1' }));
    await userEvent.click(await tab('变更记录'));
    await waitFor(() =>
      expect(s.last('GET', '/sys/changeLog/list')?.params).toMatchObject({ table: 'rec_resident', recordId: 'r1' }),
    );
  });

  it('shows the full detail in its tab and an empty files tab', async () => {
    signIn();
    serve();
    openFile();
    await userEvent.click(await tab('基本信息'));
    const panel = await screen.findByRole('tabpanel');
    await waitFor(() => expect(panel).toHaveTextContent('北京市朝阳区安贞路 12 号'));
    await userEvent.click(await tab('检查报告'));
    expect(await screen.findByText('暂无文件')).toBeInTheDocument();
  });

  it('explains a missing id, an unknown or out-of-scope record and a refused one', async () => {
    signIn();
    serve();
    const first = openFile('');
    expect(await screen.findByText('未指定要查看的记录')).toBeInTheDocument();
    first.unmount();

    serve(bizFail('记录不存在'));
    const second = openFile();
    expect(await screen.findByText('记录不存在，或不在您的数据范围内')).toBeInTheDocument();
    expect(screen.queryByTestId('record-header')).not.toBeInTheDocument();
    second.unmount();

    serve(bizFail('无权访问', 510));
    openFile();
    expect(await screen.findByText('无权查看该记录')).toBeInTheDocument();
  });

  it('tells a page not built yet from a missing system page', async () => {
    signIn();
    fakeServer({
      'GET /sys/schema/page': { status: 404, body: { success: false, code: 404, message: '页面定义不存在' } },
    });
    openPage('rec/NotYetBuilt');
    expect(await screen.findByText('该功能尚未开放')).toBeInTheDocument();
  });
});

describe('record page parts', () => {
  it('takes the header fields in the declared order, else the first four', () => {
    expect(headerItems(RECORD).map((i) => i.title)).toEqual(['姓名', '性别', '出生日期', '手机号', '风险等级']);
    const plain = { ...RECORD, record: { tabs: RECORD.record!.tabs } };
    expect(headerItems(plain)).toHaveLength(4);
  });

  it('makes a related list compact: its columns in order, its sort, no query form, export or import', () => {
    const tab = RECORD.record!.tabs[0];
    const compact = compactPage(PAGES.rec_reading as ReturnType<typeof served>, tab);
    expect(compact.columns?.map((c) => c.dataIndex)).toEqual(['readDate', 'sbp', 'dbp', 'note']);
    expect(compact.list?.sort).toEqual({ column: 'readDate', order: 'desc' });
    expect(compact.query).toBeUndefined();
    expect(compact.toolbar).toMatchObject({ export: false, import: false, batchDelete: false, superQuery: false });
  });
});
