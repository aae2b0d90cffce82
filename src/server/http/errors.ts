/**
 * Errors a handler throws; the error handler turns them into the envelope. A business error is HTTP 200
 * with `code:500` (the protocol's convention); the others carry their HTTP status.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code: number,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/** A refused operation the user can understand (HTTP 200, code 500 unless given). */
export const bizError = (message: string, code = 500, result: unknown = null) =>
  new ApiError(message, 200, code, result);
export const badRequest = (message: string) => new ApiError(message, 400, 400);
export const unauthorized = (message = 'Token失效，请重新登录!') => new ApiError(message, 401, 401);
export const noPermission = (message = '没有权限，请联系管理员授权') => new ApiError(message, 403, 510);
export const forbidden = (message = '拒绝访问') => new ApiError(message, 403, 403);
/** The request clashes with current data (a restore onto a taken phone number): HTTP 409. */
export const conflict = (message: string) => new ApiError(message, 409, 409);
export const notFound = (message = '很抱歉，资源未找到!') => new ApiError(message, 404, 404);
