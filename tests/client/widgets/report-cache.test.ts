import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setToken } from '../../../src/client/session/store';
import {
  clearReportCache,
  fetchQueryInfo,
  fetchReportColumns,
  fetchReportData,
} from '../../../src/client/widgets/popup/report-api';
import { env, fakeServer } from './fake-server';

const API = '/online/cgreport/api';

function reportServer(cacheSeconds?: number) {
  return fakeServer({
    [`GET ${API}/getRpColumns/rpt_x`]: () =>
      env({ cgRpConfigId: 'RX', cgRpConfigName: '报表', columns: [], dictOptions: {}, cacheSeconds }),
    [`GET ${API}/getQueryInfo/RX`]: () => env([]),
    [`GET ${API}/getData/RX`]: () => env({ total: 0, records: [] }),
  });
}

let server: ReturnType<typeof reportServer>;
let now = 1_000_000;

beforeEach(() => {
  clearReportCache();
  setToken('token-a');
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
  clearSession();
});

/** One popup opening: columns, query items, the first page. */
async function open(groupId?: string) {
  await fetchReportColumns('rpt_x', groupId);
  await fetchQueryInfo('RX', groupId);
  await fetchReportData('RX', { pageNo: 1, pageSize: 10 }, groupId);
}

describe('popup report answers within a group', () => {
  it('are reused for 30 s by default, then asked again', async () => {
    server = reportServer();
    await open('order');
    expect(server.calls).toHaveLength(3);
    now += 29_000;
    await open('order');
    expect(server.calls).toHaveLength(3);
    now += 2_000;
    await open('order');
    expect(server.calls).toHaveLength(6);
  });

  it('are never reused without a group id, nor across groups', async () => {
    server = reportServer();
    await open();
    await open();
    expect(server.calls).toHaveLength(6);
    await open('a');
    await open('b');
    expect(server.calls).toHaveLength(12);
  });

  it('follow the report definition: cacheSeconds 0 always asks, 120 keeps them two minutes', async () => {
    server = reportServer(0);
    await open('order');
    await open('order');
    expect(server.calls).toHaveLength(6);
    server.restore();
    clearReportCache();
    server = reportServer(120);
    await open('order');
    now += 100_000;
    await open('order');
    expect(server.calls).toHaveLength(3);
  });

  it('belong to one session: after another sign-in the server is asked again', async () => {
    server = reportServer();
    await open('order');
    setToken('token-b');
    await open('order');
    expect(server.calls).toHaveLength(6);
  });

  it('are not kept when the server refuses', async () => {
    let fail = true;
    server = fakeServer({
      [`GET ${API}/getData/RX`]: () =>
        fail ? env(null, '报表不存在', false) : env({ total: 0, records: [] }),
    });
    expect((await fetchReportData('RX', {}, 'order')).success).toBe(false);
    fail = false;
    expect((await fetchReportData('RX', {}, 'order')).success).toBe(true);
    expect(server.calls).toHaveLength(2);
  });
});
