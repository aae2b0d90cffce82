/**
 * What a failed statement says about the request, on SQLite, PGlite and PostgreSQL alike. A constraint
 * or data error is the client's (a duplicate, a value the column cannot hold), so it is answered as one
 * rather than as a server fault.
 */
export type DbErrorKind = 'unique' | 'reference' | 'data';

const SQLITE_KINDS: Readonly<Record<string, DbErrorKind>> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'reference',
  SQLITE_TOOBIG: 'data',
  SQLITE_MISMATCH: 'data',
};

export function dbErrorKind(error: unknown): DbErrorKind | null {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  if (Object.hasOwn(SQLITE_KINDS, code)) return SQLITE_KINDS[code];
  if (code === '23505') return 'unique';
  if (code === '23503') return 'reference';
  // SQLSTATE class 22, "data exception": out of range, invalid text for the type, NUL in text, …
  if (/^22[0-9A-Z]{3}$/.test(code)) return 'data';
  return null;
}

/**
 * Runs an insert whose key or code is computed from existing rows (max + 1, next sibling code) again
 * when a concurrent request took the same value first. Each round at least one contender wins.
 */
export async function retryOnUniqueViolation<T>(attempt: () => Promise<T>, times = 10): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= times || dbErrorKind(error) !== 'unique') throw error;
    }
  }
}
