/**
 * The table whose change history a page's detail shows: the page's entity, or for the system pages the
 * system table behind them (the server's history module knows the same names).
 */
const SYSTEM_PAGE_TABLES: Record<string, string> = {
  'system-user': 'sys_user',
  'system-role': 'sys_role',
  'system-depart': 'sys_depart',
  'system-dict': 'sys_dict',
  'system-position': 'sys_position',
  'system-tenant': 'sys_tenant',
  'system-permission': 'sys_permission',
  'system-announcement': 'sys_announcement',
  'system-category': 'sys_category',
  'system-check-rule': 'sys_check_rule',
  'system-message-template': 'sys_message_template',
};

export const historyTableOf = (page: { code?: string; entity?: string }): string | undefined =>
  page.entity ?? (page.code ? SYSTEM_PAGE_TABLES[page.code] : undefined);
