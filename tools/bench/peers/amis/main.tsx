// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the next line
// @ts-nocheck -- built in the peer's own package dir (test-output/bench/peers/amis) against its own
// node_modules; the project's tsc cannot resolve amis from here.
/**
 * Peer: our first list page (the user list) as an amis user writes it, following amis's npm guide
 * (cxd theme, helper and icon CSS, `render` with an env fetcher): a `page` holding a `crud` with its
 * `filter` form (账号, 姓名, 性别), the header toolbar's 新增/导出/导入 and 10 rows a page.
 */
import 'amis/lib/themes/cxd.css';
import 'amis/lib/helper.css';
import 'amis/sdk/iconfont.css';
import { render as renderAmis } from 'amis';
import { createRoot } from 'react-dom/client';

const SEX = [
  { label: '男', value: 1 },
  { label: '女', value: 2 },
];

const schema = {
  type: 'page',
  title: '用户管理',
  body: {
    type: 'crud',
    api: '/api/amis/users',
    perPage: 10,
    primaryField: 'id',
    filter: {
      title: '',
      mode: 'inline',
      body: [
        { type: 'input-text', name: 'username', label: '账号' },
        { type: 'input-text', name: 'realname', label: '姓名' },
        { type: 'select', name: 'sex', label: '性别', options: SEX, clearable: true },
      ],
      actions: [
        { type: 'reset', label: '重置' },
        { type: 'submit', label: '查询', level: 'primary' },
      ],
    },
    headerToolbar: [
      { type: 'button', label: '新增', level: 'primary' },
      { type: 'button', label: '导出' },
      { type: 'button', label: '导入' },
    ],
    footerToolbar: ['statistics', 'pagination'],
    columns: [
      { name: 'username', label: '账号', width: 120, sortable: true },
      { name: 'realname', label: '姓名', width: 100 },
      { name: 'avatar', label: '头像', type: 'avatar', src: '${avatar}', width: 80, align: 'center' },
      { name: 'sex', label: '性别', type: 'mapping', map: { 1: '男', 2: '女' }, width: 70, align: 'center' },
      { name: 'birthday', label: '生日', type: 'date', valueFormat: 'YYYY-MM-DD', width: 110 },
      { name: 'phone', label: '手机号', width: 120 },
      { name: 'orgCodeTxt', label: '部门', width: 180 },
      { name: 'post', label: '职务', width: 100 },
      {
        name: 'status',
        label: '状态',
        type: 'mapping',
        map: {
          1: '<span class="label label-success">正常</span>',
          2: '<span class="label label-danger">冻结</span>',
        },
        width: 80,
        align: 'center',
      },
      {
        name: 'createTime',
        label: '创建时间',
        type: 'datetime',
        valueFormat: 'YYYY-MM-DD HH:mm:ss',
        width: 170,
      },
    ],
  },
};

/** amis hands the fetcher a built request (GET query already in the url) and reads `data` of the answer. */
async function fetcher({ url, method, data }: { url: string; method: string; data?: unknown }) {
  const body = method === 'get' || data === undefined ? undefined : JSON.stringify(data);
  const res = await fetch(url, { method, body, headers: { 'content-type': 'application/json' } });
  return { status: res.status, headers: {}, data: await res.json() };
}

/** The CRUD keeps its query in the address (syncLocation), through the app's router; here history itself. */
function updateLocation(to: string, replace?: boolean) {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
}

createRoot(document.getElementById('root')!).render(renderAmis(schema, {}, { fetcher, updateLocation }));
