/** The exception pages the console has (spec §1: 403, 404, 500). */
export const EXCEPTION_TYPES = [403, 404, 500] as const;

export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
