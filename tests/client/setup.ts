import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setValidateLanguage } from '@formily/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach } from 'vitest';

setValidateLanguage('zh-CN');
dayjs.locale('zh-cn');
afterEach(() => cleanup());

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
