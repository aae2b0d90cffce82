import { theme } from 'antd';
import { useId, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: ReactNode;
}

interface Props<K extends string> {
  tabs: readonly LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The active tab's content; the other tabs' content is not rendered. */
  children?: ReactNode;
}

/**
 * The sign-in modes as centred line tabs that look like antd's, without antd's `<Tabs>` (whose overflow
 * menu and dropdown would triple the sign-in page's tab code). A WAI-ARIA tab list: the selected tab is
 * the one Tab stop, arrow keys (and Home/End) move to and select another tab.
 */
export function LoginTabs<K extends string>({ tabs, active, onChange, children }: Props<K>) {
  const { token } = theme.useToken();
  const baseId = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  const select = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (next.key !== active) onChange(next.key);
    buttons.current.get(next.key)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  const vars = {
    '--login-tabs-text': token.colorText,
    '--login-tabs-primary': token.colorPrimary,
    '--login-tabs-hover': token.colorPrimaryHover,
    '--login-tabs-pressed': token.colorPrimaryActive,
    '--login-tabs-focus': token.colorPrimaryBorder,
    '--login-tabs-line': token.colorBorderSecondary,
    '--login-tabs-font-size': `${token.fontSizeLG}px`,
    '--login-tabs-duration': token.motionDurationSlow,
  } as CSSProperties;

  return (
    <>
      <div className="login-tabs" role="tablist" style={vars}>
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) buttons.current.set(tab.key, el);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="login-tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              <span className="login-tab-label">{tab.label}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </>
  );
}
