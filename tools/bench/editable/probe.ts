/**
 * In-page instrumentation shared by every implementation (peers-performance.md §2.3): mount time to the
 * first paint that shows row 0, keystroke-to-next-frame latencies, rAF frame times while the harness
 * scrolls, and a validate-all hook. Nothing polls: a MutationObserver and event listeners only.
 */
export interface BenchApi {
  impl: string;
  rows: number;
  planted: number;
  production: boolean;
  mountMs?: number;
  keys: number[];
  frames: number[];
  /** Scrolls the grid so that the middle row is in view; answers the selector of an input in it. */
  scrollToMiddle: () => Promise<string>;
  /** Where the grid scrolls (for wheel input and to check that it moved). */
  scroller: () => Element;
  validate: () => Promise<{
    ms: number;
    errors: number;
    engineMs?: number;
    engineErrors?: number;
    ajvMs?: number;
    ajvErrors?: number;
  }>;
  startFrames: () => void;
  stopFrames: () => void;
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

export function startMount(): void {
  performance.mark('mount-start');
}

/** Resolves after the first paint in which `selector` exists (rAF, then a task: post-paint). */
export function whenPainted(selector: string): Promise<number> {
  return new Promise((resolve) => {
    const done = () => {
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark('mount-end');
          resolve(performance.measure('mount', 'mount-start', 'mount-end').duration);
        }, 0),
      );
    };
    if (document.querySelector(selector)) return done();
    const mo = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      mo.disconnect();
      done();
    });
    mo.observe(document.body, { childList: true, subtree: true });
  });
}

/** keydown (capture) → next frame → a task: the time from the input event to the frame that shows it. */
export function recordKeys(keys: number[]): void {
  document.addEventListener(
    'keydown',
    (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => keys.push(performance.now() - t0);
        ch.port2.postMessage(0);
      });
    },
    true,
  );
}

export function frameRecorder(frames: number[]) {
  let stop = true;
  let last = 0;
  const tick = (t: number) => {
    if (last) frames.push(t - last);
    last = t;
    if (!stop) requestAnimationFrame(tick);
  };
  return {
    start() {
      frames.length = 0;
      last = 0;
      stop = false;
      requestAnimationFrame(tick);
    },
    stop() {
      stop = true;
    },
  };
}

export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
