import { sql, type Expression, type SqlBool } from 'kysely';

/** Bound LIKE patterns with `%`, `_` and `\` in the user's text escaped (SQL-02, SQL-10). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const startsWith = (column: Expression<unknown>, prefix: string) =>
  sql<SqlBool>`${column} like ${`${escapeLike(prefix)}%`} escape '\\'`;

export const contains = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`${column} like ${`%${escapeLike(text)}%`} escape '\\'`;

/**
 * `column` starts with `prefix`, as a range both databases serve from a plain B-tree index (issue 13):
 * SQLite uses an index for LIKE 'x%' only under case_sensitive_like, PostgreSQL only with
 * text_pattern_ops. The upper bound sorts after every continuation of the prefix in SQLite's binary
 * order and PostgreSQL's C collation; callers use it for server-made codes (org codes: ASCII).
 */
export const prefixRange = (column: Expression<unknown>, prefix: string) =>
  sql<SqlBool>`(${column} >= ${prefix} and ${column} < ${`${prefix}\uffff`})`;
