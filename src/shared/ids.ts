/** 32-character ids, the original's UUID-without-dashes shape. */
export function newId(): string {
  return globalThis.crypto.randomUUID().replace(/-/g, '');
}
