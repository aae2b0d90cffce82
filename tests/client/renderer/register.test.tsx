import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { entityCodeOf } from '../../../src/client/renderer/definition/components';
import { isSchemaComponent } from '../../../src/client/renderer/register';
import { resolveComponent } from '../../../src/client/router/registry';
import { renderAt } from '../shell/harness';
import { fakeServer, openPage, page, pageRoute, signIn } from './harness';

const ENTITY_PAGE = {
  $schema: '../meta/page.schema.json',
  code: 'erp-demo',
  title: '演示实体',
  kind: 'list',
  components: ['OnlineList'],
  entity: 'erp_demo',
  api: { list: '/online/cgform/api/getData/{code}' },
  columns: [{ dataIndex: 'name', title: '名称' }],
};

describe('menu components served by page definitions', () => {
  it('claims online lists, system pages and module pages, and leaves hand-written names alone', () => {
    expect(isSchemaComponent('OnlineList')).toBe(true);
    expect(isSchemaComponent('modules/online/cgform/auto/OnlCgformAutoList')).toBe(true);
    expect(isSchemaComponent('system/UserList')).toBe(true);
    // A module's record page may serve any component name (e.g. a patient file path).
    expect(isSchemaComponent('somewhere/Else')).toBe(true);
    expect(isSchemaComponent('layouts/RouteView')).toBe(false);
    expect(isSchemaComponent('dashboard/Analysis')).toBe(false);
    expect(resolveComponent('system/RoleList')).not.toBeNull();
    expect(resolveComponent('/views/system/RoleList.vue')).toBe(resolveComponent('system/RoleList'));
    expect(resolveComponent('layouts/RouteView')).toBeNull();
  });

  it('opens an entity page by the route’s :code and fills {code} in its paths', async () => {
    signIn();
    const s = fakeServer({
      ...pageRoute(ENTITY_PAGE),
      'GET /online/cgform/api/getData/erp_demo': page([{ id: '1', name: '样例记录' }]),
    });
    const Online = resolveComponent('modules/online/cgform/auto/OnlCgformAutoList')!;
    renderAt(
      <Suspense fallback={null}>
        <Online />
      </Suspense>,
      '/online/cgformList/erp_demo',
      '/online/cgformList/:code',
    );
    expect(await screen.findByText('样例记录')).toBeInTheDocument();
    expect(s.last('GET', '/sys/schema/page')?.params).toMatchObject({
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      code: 'erp_demo',
    });
  });

  it('tells the user when the server has no definition for a system page', async () => {
    signIn();
    fakeServer({
      'GET /sys/schema/page': { status: 404, body: { success: false, code: 404, message: '页面定义不存在' } },
    });
    openPage('system/LostList');
    expect(await screen.findByText('页面定义不存在：system/LostList')).toBeInTheDocument();
  });
});

describe('entity code from a concrete menu path', () => {
  it('takes the last path segment when the route has no :code', () => {
    expect(entityCodeOf('OnlineList', undefined, '/online/cgformList/erp_customer')).toBe('erp_customer');
    expect(entityCodeOf('OnlineList', 'erp_equipment', '/online/cgformList/erp_customer')).toBe(
      'erp_equipment',
    );
    expect(entityCodeOf('system/UserList', undefined, '/isystem/user')).toBeUndefined();
  });
});
