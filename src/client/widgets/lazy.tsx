import { Spin } from 'antd';
import { createElement, lazy, Suspense, type ComponentType } from 'react';

/** A widget whose code loads on first render (rich text, cron); a small spinner shows meanwhile. */
export function lazyWidget<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function LazyWidget(props: P) {
    return <Suspense fallback={<Spin size="small" />}>{createElement(Lazy, props)}</Suspense>;
  }
  return LazyWidget;
}
