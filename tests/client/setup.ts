import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setValidateLanguage } from '@formily/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterAll, afterEach } from 'vitest';

setValidateLanguage('zh-CN');
dayjs.locale('zh-cn');
afterEach(() => cleanup());

// A timer still pending when a file ends fires after jsdom is torn down, and the render it causes
// throws "window is not defined" (antd's static message closes itself 3 s after it opens, long
// after a quick test is gone). Every timer a file leaves behind is cleared once the file is done.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const { setTimeout: startTimer, clearTimeout: stopTimer } = globalThis;
globalThis.setTimeout = ((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const id = startTimer(
    (...given: unknown[]) => {
      pendingTimers.delete(id);
      run(...given);
    },
    ms,
    ...args,
  );
  pendingTimers.add(id);
  return id;
}) as typeof setTimeout;
globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
  if (id !== undefined) pendingTimers.delete(id);
  stopTimer(id);
}) as typeof clearTimeout;
afterAll(() => {
  for (const id of pendingTimers) stopTimer(id);
  pendingTimers.clear();
});

// jsdom lacks these; antd's responsive observers and virtual lists need them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) (window as unknown as { ResizeObserver: unknown }).ResizeObserver = NoopResizeObserver;
if (!window.scrollTo) window.scrollTo = () => {};
