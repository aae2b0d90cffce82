import {
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { t } from '../../../locale/zh-CN';
import type { PageColumn } from '../../definition/types';
import { ColumnSettings } from './ColumnSettings';
import { DENSITIES, setDensity, type Density, type ListSettings } from './model';

const L = t.renderer.listSettings;

export interface TableToolsProps {
  defined: readonly PageColumn[];
  settings: ListSettings;
  density: Density;
  onChange: (next: ListSettings) => void;
  onReset: () => void;
  onRefresh: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
}

/** The icons at the right of a list's toolbar: refresh, density, column settings, full screen. */
export function TableTools(props: TableToolsProps) {
  const { settings, density, onChange, fullscreen } = props;
  return (
    <Space size={0} className="list-table-tools">
      <Tooltip title={L.refresh}>
        <Button type="text" aria-label={L.refresh} icon={<ReloadOutlined />} onClick={props.onRefresh} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((d) => ({ key: d, label: L.densities[d] })),
          onClick: ({ key }) => onChange(setDensity(settings, key as Density)),
        }}
      >
        <Tooltip title={L.density}>
          <Button type="text" aria-label={L.density} icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <ColumnSettings
        defined={props.defined}
        settings={settings}
        onChange={onChange}
        onReset={props.onReset}
      />
      <Tooltip title={fullscreen ? L.exitFullscreen : L.fullscreen}>
        <Button
          type="text"
          aria-label={fullscreen ? L.exitFullscreen : L.fullscreen}
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={props.onFullscreen}
        />
      </Tooltip>
    </Space>
  );
}
