import { Button, Space, Typography } from 'antd';
import { DownloadOutlined, TableOutlined } from '@ant-design/icons';
import { useMemo, useRef, useState } from 'react';
import type { ECharts } from 'echarts/core';
import { t } from '../../locale/zh-CN';
import { DataTable } from './DataTable';
import { EChart } from './EChart';
import { buildChart, type ChartOptions } from './options';
import type { StatWidgetProps } from './props';
import { StatFrame } from './StatFrame';
import type { ChartKind, StatResult } from './types';
import { useChartTheme } from './useChartTheme';
import { useDrill } from './useDrill';
import { useStat } from './useStat';

export interface StatChartProps extends StatWidgetProps, Omit<ChartOptions, 'measure'> {
  kind: ChartKind;
}

/** A stat drawn as an ECharts chart, with its data table, a PNG download and drill-down on click. */
export function StatChart(props: StatChartProps) {
  const { state, reload } = useStat(props.stat, props.params);
  const height = props.height ?? 300;
  return (
    <StatFrame state={state} reload={reload} height={height} title={props.title}>
      {(result) => <ChartBody {...props} height={height} result={result} />}
    </StatFrame>
  );
}

function ChartBody({
  kind,
  result,
  height,
  title,
  measure,
  max,
  horizontal,
  drill = true,
}: StatChartProps & { result: StatResult; height: number }) {
  const theme = useChartTheme();
  const [showData, setShowData] = useState(false);
  const instance = useRef<ECharts | null>(null);
  const built = useMemo(
    () => buildChart(kind, result, theme, { measure, max, horizontal }),
    [kind, result, theme, measure, max, horizontal],
  );
  const open = useDrill(result, drill);
  const label = title ?? result.title;
  if (!built) return null;
  const c = t.charts;

  const download = () => {
    const url = instance.current?.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: theme.background,
    });
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${label}.png`;
    a.click();
  };

  return (
    <>
      <div className="stat-widget-bar">
        <Typography.Text strong className="stat-widget-title">
          {label}
        </Typography.Text>
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<TableOutlined />}
            aria-pressed={showData}
            onClick={() => setShowData((v) => !v)}
          >
            {showData ? c.hideData : c.viewData}
          </Button>
          <Button type="text" size="small" icon={<DownloadOutlined />} onClick={download}>
            {c.download}
          </Button>
        </Space>
      </div>
      <EChart
        option={built.option}
        height={height}
        dark={theme.dark}
        label={open ? `${label}，${c.drillHint}` : label}
        onReady={(chart) => (instance.current = chart)}
        onItemClick={
          open
            ? (s, d) => {
                const filter = built.filterAt(s, d);
                if (filter) open(filter);
              }
            : undefined
        }
      />
      <DataTable
        title={label}
        table={built.table}
        visible={showData}
        measureFrom={result.dimensions.length}
      />
    </>
  );
}
