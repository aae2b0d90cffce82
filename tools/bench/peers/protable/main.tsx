// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the next line
// @ts-nocheck -- built in the peer's own package dir (test-output/bench/peers/protable) against its own
// node_modules; the project's tsc cannot resolve @ant-design/pro-components from here.
/**
 * Peer: our first list page (the user list) as an Ant Design Pro user writes it — ProTable with `columns`
 * and `request`, its query form (账号, 姓名, 性别), the toolbar's 新增/导出/导入, 10 rows a page.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ProTable } from '@ant-design/pro-components';
import { Button, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';

const SEX = { 1: { text: '男' }, 2: { text: '女' } };
const STATUS = { 1: { text: '正常', status: 'Success' }, 2: { text: '冻结', status: 'Error' } };
const hidden = { search: false } as const;

const columns = [
  { title: '账号', dataIndex: 'username', width: 120, sorter: true },
  { title: '姓名', dataIndex: 'realname', width: 100 },
  { title: '头像', dataIndex: 'avatar', valueType: 'avatar', width: 80, align: 'center', ...hidden },
  { title: '性别', dataIndex: 'sex', valueType: 'select', valueEnum: SEX, width: 70, align: 'center' },
  { title: '生日', dataIndex: 'birthday', valueType: 'date', width: 110, ...hidden },
  { title: '手机号', dataIndex: 'phone', width: 120, ...hidden },
  { title: '部门', dataIndex: 'orgCodeTxt', width: 180, ...hidden },
  { title: '职务', dataIndex: 'post', width: 100, ...hidden },
  {
    title: '状态',
    dataIndex: 'status',
    valueType: 'select',
    valueEnum: STATUS,
    width: 80,
    align: 'center',
    ...hidden,
  },
  { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', width: 170, ...hidden },
];

async function request(params: Record<string, unknown>) {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  );
  return (await fetch(`/api/users?${query}`)).json();
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <ProTable
      headerTitle="用户列表"
      rowKey="id"
      columns={columns}
      request={request}
      pagination={{ pageSize: 10 }}
      toolBarRender={() => [
        <Button key="add" type="primary" icon={<PlusOutlined />}>
          新增
        </Button>,
        <Button key="export">导出</Button>,
        <Button key="import">导入</Button>,
      ]}
    />
  </ConfigProvider>,
);
