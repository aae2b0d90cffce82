/**
 * The notices bus: anything that changes what a user has unread (a push, a read mark, another module's
 * action) raises `reload`, and every notice view refreshes itself.
 */
const target = new EventTarget();
const RELOAD = 'notices:reload';

export function emitNoticesReload(): void {
  target.dispatchEvent(new Event(RELOAD));
}

export function onNoticesReload(fn: () => void): () => void {
  target.addEventListener(RELOAD, fn);
  return () => target.removeEventListener(RELOAD, fn);
}
