import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { JTreeTable } from '../../../src/client/widgets/tree-table';
import { env, fakeServer } from '../widgets/fake-server';
import { Providers } from '../widgets/formily';

const COLUMNS = [
  { title: '部门名称', dataIndex: 'departName' },
  { title: '机构编码', dataIndex: 'orgCode' },
];

let server: ReturnType<typeof fakeServer> | null = null;
afterEach(() => server?.restore());

describe('tree table', () => {
  it('loads children on first expand under the query key, with a loading row; an empty answer makes a leaf', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server = fakeServer({
      'GET /sys/sysDepart/queryDepartTreeSync': async (req) => {
        if (!req.params.pid) {
          return env([
            { id: '1', departName: '华康第一人民医院', orgCode: 'A01A01', isLeaf: false },
            { id: '2', departName: '华康中心医院', orgCode: 'A01A02', hasChildren: true },
            { id: '3', departName: '集团运营部', orgCode: 'A01A03', isLeaf: true },
          ]);
        }
        if (req.params.pid === '1') {
          await gate;
          return env({
            records: [{ id: '11', departName: '心血管内科', orgCode: 'A01A01A01', isLeaf: true }],
            total: 1,
          });
        }
        return env([]);
      },
    });
    render(
      <Providers>
        <JTreeTable url="/sys/sysDepart/queryDepartTreeSync" queryKey="pid" columns={COLUMNS} />
      </Providers>,
    );
    expect(await screen.findByText('华康第一人民医院')).toBeInTheDocument();
    expect(server.to('/sys/sysDepart/queryDepartTreeSync')[0].params.pid).toBeUndefined();
    const expanders = screen.getAllByRole('button', { name: /展开行/ });
    // Rows with children can be expanded; the leaf cannot.
    expect(expanders).toHaveLength(2);
    await user.click(expanders[0]);
    expect(await screen.findByText('加载中...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('心血管内科')).toBeInTheDocument();
    expect(screen.queryByText('加载中...')).not.toBeInTheDocument();
    expect(server.to('/sys/sysDepart/queryDepartTreeSync').map((c) => c.params.pid)).toEqual([
      undefined,
      '1',
    ]);

    const row2 = screen.getByText('华康中心医院').closest('tr') as HTMLElement;
    await user.click(within(row2).getByRole('button', { name: /展开行/ }));
    await waitFor(() =>
      expect(
        within(screen.getByText('华康中心医院').closest('tr') as HTMLElement).queryByRole('button', {
          name: /展开行|关闭行/,
        }),
      ).toBeNull(),
    );
    expect(screen.queryByText('加载中...')).not.toBeInTheDocument();
  });

  it('says the returned data type is not recognised for anything but a list or records', async () => {
    server = fakeServer({ 'GET /bad/tree': () => env('不是列表') });
    render(
      <Providers>
        <JTreeTable url="/bad/tree" columns={COLUMNS} />
      </Providers>,
    );
    expect(await screen.findByText('返回数据类型不识别')).toBeInTheDocument();
    expect(server.to('/bad/tree')[0].params.parentId).toBeUndefined();
  });

  it('sends the parent under the default key parentId with the condition and extras', async () => {
    server = fakeServer({ 'GET /tree': () => env([{ id: 'x', departName: '顶层', hasChildren: '1' }]) });
    render(
      <Providers>
        <JTreeTable
          url="/tree"
          topValue="0"
          condition='{"status":"1"}'
          queryParams={{ tenant: 1 }}
          columns={COLUMNS}
        />
      </Providers>,
    );
    expect(await screen.findByText('顶层')).toBeInTheDocument();
    expect(server.to('/tree')[0].params).toMatchObject({
      parentId: '0',
      condition: '{"status":"1"}',
      tenant: '1',
    });
  });
});
