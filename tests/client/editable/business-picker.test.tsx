import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JBusinessPicker } from '../../../src/client/widgets/business-picker';
import { env, fakeServer, type FakeRequest } from '../widgets/fake-server';
import { Providers } from '../widgets/formily';

const CUSTOMERS = Array.from({ length: 12 }, (_, i) => ({
  id: `c${i + 1}`,
  customerNo: `KH${String(i + 1).padStart(4, '0')}`,
  name: i === 0 ? '华康第一人民医院附属康复专科门诊部' : `客户${i + 1}`,
  customerType: i % 2 ? '2' : '1',
}));

function list(req: FakeRequest) {
  let rows = CUSTOMERS;
  if (req.params.customerNo)
    rows = rows.filter((r) => req.params.customerNo.split(',').includes(r.customerNo));
  if (req.params.name) rows = rows.filter((r) => r.name.includes(req.params.name));
  const pageNo = Number(req.params.pageNo ?? 1);
  const pageSize = Number(req.params.pageSize ?? 10);
  return env({ records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length });
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({ 'GET /erp/customer/list': list, 'GET /erp/customer/byNo': list });
});
afterEach(() => server.restore());

function Host({ initial, ellipsisLength }: { initial?: string; ellipsisLength?: number }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <Providers>
      <JBusinessPicker
        value={value}
        onChange={setValue}
        listUrl="/erp/customer/list"
        valueUrl="/erp/customer/byNo"
        valueKey="customerNo"
        displayKey="name"
        columns={[
          { title: '客户编号', dataIndex: 'customerNo' },
          { title: '客户名称', dataIndex: 'name' },
        ]}
        queryConfig={[{ key: 'name', label: '客户名称' }]}
        ellipsisLength={ellipsisLength}
      />
      <output data-testid="value">{value ?? ''}</output>
    </Providers>
  );
}

describe('business picker', () => {
  it('shows stored values by display name cut at 12, looked up with the value key comma-joined', async () => {
    render(<Host initial="KH0001,KH0002" />);
    // 12 width units: six Chinese characters.
    expect(await screen.findByText('华康第一人民...')).toBeInTheDocument();
    expect(screen.getByText('客户2')).toBeInTheDocument();
    expect(server.to('/erp/customer/byNo')[0].params.customerNo).toBe('KH0001,KH0002');
  });

  it('-1 shows names whole', async () => {
    render(<Host initial="KH0001" ellipsisLength={-1} />);
    expect(await screen.findByText('华康第一人民医院附属康复专科门诊部')).toBeInTheDocument();
  });

  it('lists 5 a page in a 900-wide dialog, searches, and keeps the chosen values comma-joined', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('KH0005')).toBeInTheDocument();
    expect(within(dialog).queryByText('KH0006')).not.toBeInTheDocument();
    expect(server.to('/erp/customer/list')[0].params).toMatchObject({ pageNo: '1', pageSize: '5' });
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('900px');
    await user.click(within(dialog).getByText('客户3'));
    await user.type(within(dialog).getByPlaceholderText('请输入客户名称'), '客户1');
    await user.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(dialog).queryByText('客户3')).not.toBeInTheDocument());
    await user.click(await within(dialog).findByText('客户11'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('KH0003,KH0011'));
    expect(screen.getByText('客户11')).toBeInTheDocument();
  });
});
