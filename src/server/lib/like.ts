import { sql, type Expression, type SqlBool } from 'kysely';

/** Bound LIKE patterns with `%`, `_` and `\` in the user's text escaped (SQL-02, SQL-10). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const startsWith = (column: Expression<unknown>, prefix: string) =>
  sql<SqlBool>`${column} like ${`${escapeLike(prefix)}%`} escape '\\'`;

export const contains = (column: Expression<unknown>, text: string) =>
  sql<SqlBool>`${column} like ${`%${escapeLike(text)}%`} escape '\\'`;
