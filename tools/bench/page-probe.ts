/**
 * In-page instrumentation shared by every bench page (peers-performance.md §2.3): mount time to the
 * first paint that shows the data, keystroke-to-next-frame latencies, rAF frame times while the harness
 * scrolls, and long tasks. Nothing polls: a MutationObserver, event listeners and observers only.
 */

export function startMount(): void {
  performance.mark('mount-start');
}

/**
 * Resolves after the first paint in which `ready` holds (a selector that exists, or a test): rAF, then
 * a task, i.e. post-paint.
 */
export function whenPainted(ready: string | (() => boolean)): Promise<number> {
  const test = typeof ready === 'string' ? () => document.querySelector(ready) !== null : ready;
  return new Promise((resolve) => {
    const done = () => {
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark('mount-end');
          resolve(performance.measure('mount', 'mount-start', 'mount-end').duration);
        }, 0),
      );
    };
    if (test()) return done();
    const mo = new MutationObserver(() => {
      if (!test()) return;
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

/** rAF deltas between start() and stop(); `onFrame` runs in each frame (e.g. a blank-row check). */
export function frameRecorder(frames: number[], onFrame?: () => void) {
  let stop = true;
  let last = 0;
  const tick = (t: number) => {
    if (last) frames.push(t - last);
    last = t;
    onFrame?.();
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

export interface LongTask {
  start: number;
  duration: number;
}

/** Long tasks from page start (buffered); TBT over a window is Σ max(0, duration − 50 ms). */
export function recordLongTasks(into: LongTask[]): void {
  try {
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => into.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: 'longtask', buffered: true });
  } catch {
    // Not supported: the counts stay empty rather than the page failing.
  }
}

export function blockingTime(tasks: LongTask[], until = Infinity): { count: number; tbt: number } {
  const inWindow = tasks.filter((t) => t.start < until);
  return {
    count: inWindow.length,
    tbt: inWindow.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
  };
}

export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
