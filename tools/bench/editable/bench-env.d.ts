/// <reference types="vite/client" />
/** The ajv standalone validator the bench build generates (tools/bench/editable/ajv-validator.ts). */
declare module '@bench-ajv' {
  const validate: ((data: unknown) => boolean) & { errors?: unknown[] | null };
  export default validate;
}
