import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './tables.js';

/** What stands in for the i-th argument while the query is built: a value no caller binds. */
const standIn = (i: number) => `\u0000prepared-argument-${i}\u0000`;

interface Template {
  query: CompiledQuery;
  /** Per bound parameter: the argument it takes, or undefined for a constant of the query. */
  slots: Array<number | undefined>;
}

/**
 * A query of one fixed shape, built and compiled by Kysely once per database; each call only binds its
 * arguments. Kysely otherwise builds, freezes and compiles the whole tree on every call — most of the
 * server's own cost in a cheap request — for queries that run on every request (the session lookup).
 * `build` must put its arguments into the query as bound values and nothing else: while it runs they
 * are stand-ins, so arithmetic or a condition on them would be built wrong; an argument that does not
 * come back as a parameter is refused at the first call.
 */
export function prepared<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  const templates = new WeakMap<Kysely<Database>, Template>();
  const templateFor = (db: Kysely<Database>, arity: number): Template => {
    let template = templates.get(db);
    if (!template) {
      const standIns = Array.from({ length: arity }, (_, i) => standIn(i));
      const query = build(db, ...(standIns as A)).compile();
      const slots = query.parameters.map((p) => {
        const i = standIns.indexOf(p as string);
        return i < 0 ? undefined : i;
      });
      for (let i = 0; i < arity; i++)
        if (!slots.includes(i))
          throw new Error(`prepared query: argument ${i} is not a bound value of the query`);
      template = { query, slots };
      templates.set(db, template);
    }
    return template;
  };
  const execute = async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    const { query, slots } = templateFor(db, args.length);
    const parameters = query.parameters.map((p, k) =>
      slots[k] === undefined ? p : args[slots[k] as number],
    );
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
  return {
    execute,
    executeTakeFirst: async (db: Kysely<Database>, ...args: A): Promise<R | undefined> =>
      (await execute(db, ...args))[0],
  };
}
