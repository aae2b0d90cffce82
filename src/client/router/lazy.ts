import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  useState,
} from 'react';
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

/** A part whose code loads on first render (see `onDemand`), with a way to start the load early. */
export type OnDemandPart<C extends AnyComponent> = ((props: ComponentProps<C>) => ReactElement) & {
  /** Starts loading the code (on hover, when a menu opens); resolves once it is here. */
  preload(): Promise<unknown>;
};

/** How to ask again for a part whose rendered load failed, by that failure. */
const retries = new WeakMap<object, () => void>();

/**
 * Called once a part's failed load has been reported (OnDemand): its next render asks for the code again.
 * A React.lazy that failed stays failed, so the part gets a new one.
 */
export function retryFailedLoad(error: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  retries.get(error)?.();
  retries.delete(error);
}

/**
 * A named export for a part the user opens (a dialog, a drawer, a popover): its code loads when the
 * part is first rendered, or earlier through `preload()`, with the chunk timeout. Unlike React.lazy, a
 * failed load is asked again the next time the part is rendered after the failure was reported. Render
 * it inside `OnDemand`, which mounts the part on first use and reports a failure.
 */
export function onDemand<K extends string, M extends Record<K, AnyComponent>>(
  load: () => Promise<M>,
  name: K,
): OnDemandPart<M[K]> {
  let loaded: M[K] | null = null;
  let pending: Promise<M[K]> | null = null;
  const preload = (): Promise<M[K]> => {
    pending ??= withTimeout(load()).then(
      (m) => (loaded = m[name]),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const makeLazy = (): LazyExoticComponent<AnyComponent> => {
    const made = lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          if (typeof error === 'object' && error !== null)
            retries.set(error, () => {
              if (Lazy === made) Lazy = makeLazy();
            });
          throw error;
        },
      ),
    );
    return made;
  };
  let Lazy = makeLazy();
  const Part = (props: ComponentProps<M[K]>) => {
    // Code already here (preloaded, or shown before) renders at once instead of suspending for a frame;
    // each instance keeps the type it started with, so it is never remounted.
    const [Type] = useState<AnyComponent>(() => loaded ?? Lazy);
    return createElement(Type, props);
  };
  return Object.assign(Part, { preload });
}
