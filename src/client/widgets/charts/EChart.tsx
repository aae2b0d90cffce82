import { useEffect, useRef } from 'react';
import type { ECharts } from 'echarts/core';

export interface EChartProps {
  option: Record<string, unknown>;
  height: number;
  dark: boolean;
  /** Called with the clicked series and item. */
  onItemClick?: (seriesIndex: number, dataIndex: number) => void;
  /** Receives the instance once drawn (for the PNG download), null when it goes. */
  onReady?: (chart: ECharts | null) => void;
  label: string;
}

/** One ECharts canvas: loads echarts on first use, redraws on option changes, follows its box's size. */
export function EChart({ option, height, dark, onItemClick, onReady, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const clickRef = useRef(onItemClick);
  useEffect(() => {
    clickRef.current = onItemClick;
  });

  useEffect(() => {
    let alive = true;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup').then(({ echarts }) => {
      if (!alive || !box.current) return;
      const instance = echarts.init(box.current, dark ? 'dark' : undefined, {
        renderer: 'canvas',
        locale: 'ZH',
      });
      instance.on('click', (p) => {
        const e = p as { seriesIndex?: number; dataIndex?: number };
        if (e.seriesIndex !== undefined && e.dataIndex !== undefined)
          clickRef.current?.(e.seriesIndex, e.dataIndex);
      });
      chart.current = instance;
      instance.setOption(option, true);
      onReady?.(instance);
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
    });
    return () => {
      alive = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      onReady?.(null);
    };
    // A new theme needs a new instance; options are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return (
    <div
      ref={box}
      className="stat-chart-canvas"
      style={{ height, cursor: onItemClick ? 'pointer' : undefined }}
      role="img"
      aria-label={label}
    />
  );
}
