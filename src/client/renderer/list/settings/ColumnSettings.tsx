import { SettingOutlined } from '@ant-design/icons';
import { Button, Popover, Spin, Tooltip } from 'antd';
import { useState } from 'react';
import { t } from '../../../locale/zh-CN';
import { onDemand } from '../../../router/lazy';
import { OnDemand } from '../../../router/OnDemand';
import type { PageColumn } from '../../definition/types';
import type { ListSettings } from './model';

const L = t.renderer.listSettings;

// The panel (drag and drop, checkboxes, number inputs) loads when the popover is first opened.
const ColumnSettingsPanel = onDemand(() => import('./ColumnSettingsPanel'), 'ColumnSettingsPanel');

export interface ColumnSettingsProps {
  /** Every column of the definition (hidden by the user or not). */
  defined: readonly PageColumn[];
  settings: ListSettings;
  onChange: (next: ListSettings) => void;
  onReset: () => void;
}

/** ProTable-style column settings behind the gear of a list's toolbar (ColumnSettingsPanel). */
export function ColumnSettings(props: ColumnSettingsProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={L.columns}
      open={open}
      onOpenChange={setOpen}
      content={
        <OnDemand
          when={open}
          fallback={<Spin className="list-settings-loading" />}
          onFailed={() => setOpen(false)}
        >
          <ColumnSettingsPanel {...props} />
        </OnDemand>
      }
      arrow={false}
    >
      <Tooltip title={L.columns}>
        <Button
          type="text"
          aria-label={L.columns}
          icon={<SettingOutlined />}
          onPointerEnter={() => ColumnSettingsPanel.preload().catch(() => undefined)}
        />
      </Tooltip>
    </Popover>
  );
}
