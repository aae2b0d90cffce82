import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config/constants';

/** A page chunk that did not arrive in time (spec §9: 120 s). */
export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timeout');
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

// Component props differ per page; the lazy wrapper does not care about them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyComponent = ComponentType<any>;
export type Loader = () => Promise<{ default: AnyComponent }>;

/** React.lazy with the chunk timeout. */
export function lazyPage(loader: Loader): LazyExoticComponent<AnyComponent> {
  return lazy(() => withTimeout(loader()));
}

/** A named export loaded on first render, typed by its props, with the chunk timeout. */
export function lazyNamed<K extends string, M extends Record<K, AnyComponent>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => withTimeout(load()).then((m) => ({ default: m[name] })));
}
