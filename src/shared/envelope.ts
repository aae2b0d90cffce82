/** The protocol's response envelope (`Result<T>` of the original backend). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** `Result.ok(msg)`: the original puts the message in both `message` and `result`. */
export function okMessage(message: string): Envelope<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): Envelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/** A page of list results; only these keys are part of the contract. */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Present when `total` is an estimate: the list has more rows than it counts exactly (paged-query.ts). */
  totalEstimated?: true;
}

export function page<T>(records: T[], total: number, pageNo: number, pageSize: number): PageResult<T> {
  return { records, total, size: pageSize, current: pageNo, pages: pageSize > 0 ? Math.ceil(total / pageSize) : 0 };
}
