import { sql } from 'kysely';
import type { TestApp } from './harness.js';

/**
 * Puts demo customers back to 待审核. Enabled customers (已启用) are locked — they change only through
 * audited applications (issue 16) — and the tests that call this edit or delete customers directly to
 * test something else (scope, masking, history, batch deletes).
 */
export async function unlockCustomers(t: TestApp, ids: string[]): Promise<void> {
  await sql`update erp_customer set audit_status = '1' where id in (${sql.join(ids)})`.execute(
    t.ctx.db.kysely,
  );
}
