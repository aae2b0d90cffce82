import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, List, Radio, Segmented, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../locale/zh-CN';
import { onMultipageOff } from '../tabs/store';
import { COLOR_PRESETS, type MenuFontSize } from './presets';
import { setSetting, useSettings, type ThemeMode } from './store';

/** 系统设置: the theme drawer (spec §3 layout settings), applied live and remembered. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSettings();
  const w = t.shell.settings;
  const row = (title: string, control: ReactNode, disabled?: boolean) => (
    <List.Item actions={[control]} className={disabled ? 'shell-setting-disabled' : undefined}>
      {title}
    </List.Item>
  );
  return (
    <Drawer open={open} onClose={onClose} width={300} title={w.title} className="shell-settings">
      <Typography.Title level={5}>{w.themeMode}</Typography.Title>
      <Radio.Group
        value={s.themeMode}
        optionType="button"
        buttonStyle="solid"
        onChange={(e) => setSetting('themeMode', e.target.value as ThemeMode)}
        options={[
          { value: 'light', label: w.modeLight },
          { value: 'dark', label: w.modeDark },
          { value: 'system', label: w.modeSystem },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {w.navTheme}
      </Typography.Title>
      <Radio.Group
        value={s.navTheme}
        optionType="button"
        buttonStyle="solid"
        onChange={(e) => setSetting('navTheme', e.target.value as 'dark' | 'light')}
        options={[
          { value: 'dark', label: w.dark },
          { value: 'light', label: w.light },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {w.color}
      </Typography.Title>
      <div className="shell-color-list" role="radiogroup" aria-label={w.color}>
        {COLOR_PRESETS.map((p) => {
          const active = s.color.toUpperCase() === p.color;
          return (
            <Tooltip key={p.key} title={w.presets[p.key]}>
              <button
                type="button"
                role="radio"
                aria-checked={active}
                aria-label={w.presets[p.key]}
                className="shell-color-swatch"
                style={{ background: p.color }}
                onClick={() => setSetting('color', p.color)}
              >
                {active ? <CheckOutlined /> : null}
              </button>
            </Tooltip>
          );
        })}
      </div>

      <Divider />
      <Typography.Title level={5}>{w.layout}</Typography.Title>
      <Radio.Group
        value={s.layout}
        optionType="button"
        buttonStyle="solid"
        onChange={(e) => setSetting('layout', e.target.value as 'sidemenu' | 'topmenu')}
        options={[
          { value: 'sidemenu', label: w.sidemenu },
          { value: 'topmenu', label: w.topmenu },
        ]}
      />
      <List split={false} style={{ marginTop: 12 }}>
        {row(
          w.contentWidth,
          <Segmented
            size="small"
            value={s.contentWidth}
            disabled={s.layout !== 'topmenu'}
            onChange={(v) => setSetting('contentWidth', v as 'Fixed' | 'Fluid')}
            options={[
              { value: 'Fixed', label: w.fixed },
              { value: 'Fluid', label: w.fluid },
            ]}
          />,
          s.layout !== 'topmenu',
        )}
        {row(w.fixedHeader, <Switch size="small" aria-label={w.fixedHeader} checked={s.fixedHeader} onChange={(v) => setSetting('fixedHeader', v)} />)}
        {row(
          w.autoHideHeader,
          <Switch
            size="small"
            aria-label={w.autoHideHeader}
            checked={s.autoHideHeader}
            disabled={!s.fixedHeader}
            onChange={(v) => setSetting('autoHideHeader', v)}
          />,
          !s.fixedHeader,
        )}
        {row(
          w.fixSiderbar,
          <Switch
            size="small"
            aria-label={w.fixSiderbar}
            checked={s.fixSiderbar}
            disabled={s.layout === 'topmenu'}
            onChange={(v) => setSetting('fixSiderbar', v)}
          />,
          s.layout === 'topmenu',
        )}
      </List>

      <Divider />
      <Typography.Title level={5}>{w.other}</Typography.Title>
      <List split={false}>
        {row(w.weak, <Switch size="small" aria-label={w.weak} checked={s.weak} onChange={(v) => setSetting('weak', v)} />)}
        {row(
          w.multipage,
          <Switch
            size="small"
            aria-label={w.multipage}
            checked={s.multipage}
            onChange={(v) => {
              setSetting('multipage', v);
              if (!v) onMultipageOff();
            }}
          />,
        )}
        {row(
          w.menuFontSize,
          <Segmented
            size="small"
            value={s.menuFontSize}
            onChange={(v) => setSetting('menuFontSize', v as MenuFontSize)}
            options={[
              { value: 'S', label: w.fontS },
              { value: 'M', label: w.fontM },
              { value: 'L', label: w.fontL },
            ]}
          />,
        )}
      </List>
    </Drawer>
  );
}
