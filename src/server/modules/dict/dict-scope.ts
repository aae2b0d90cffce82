import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { RowFilter } from '../../lib/table-dict.js';
import { departInScope } from '../../lib/org-scope.js';
import { visibleUsers } from '../user/user-access.js';

/**
 * The rows of a table dictionary the caller may read (issue 11 §5, AC-06): the same predicate each
 * table's own API uses — users as the user list shows them, departments by organisation scope,
 * tenants only the session's own. Other tables are limited to the caller's tenant by tableDictItems.
 */
export async function tableDictScope(request: FastifyRequest, table: string): Promise<RowFilter | undefined> {
  const session = request.user();
  switch (table) {
    case 'sys_user': {
      const where = await visibleUsers(request);
      return (eb) => where(eb as never);
    }
    case 'sys_depart': {
      const scope = await request.scope();
      return (eb) => departInScope(eb as never, session, scope);
    }
    case 'sys_tenant':
      return (eb) =>
        session.relTenantIds.length ? eb(eb.ref('sysTenant.id'), 'in', session.relTenantIds) : sql<SqlBool>`1 = 0`;
    default:
      return undefined;
  }
}
