import { DefaultQueryExecutor, type CompiledQuery, type SelectQueryNode } from 'kysely';

export interface CapturedSelect {
  /** What was being done when it ran (the request, the scenario). */
  label: string;
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Every SELECT any Kysely instance in this process executes while `label` is set, as the database
 * received it (compiled, with its values). Routes hold their own reference to the database, and
 * transactions and plugins make new executors, so the capture sits on the executor class itself;
 * `stop` puts it back. The planner's own row estimates (EXPLAIN, paged-query.ts) are left out.
 */
export function captureSelects() {
  const proto = Object.getPrototypeOf(DefaultQueryExecutor.prototype) as {
    executeQuery(compiled: CompiledQuery): Promise<unknown>;
  };
  const original = proto.executeQuery;
  const state = { label: null as string | null, selects: [] as CapturedSelect[] };
  proto.executeQuery = function (this: unknown, compiled: CompiledQuery) {
    const node = compiled.query as SelectQueryNode;
    if (state.label && node.kind === 'SelectQueryNode' && !node.explain)
      state.selects.push({ label: state.label, sql: compiled.sql, parameters: compiled.parameters });
    return original.call(this, compiled);
  };
  return {
    state,
    stop: () => {
      proto.executeQuery = original;
    },
  };
}
