import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ChunkTimeoutError, onDemand } from '../../router/lazy';
import type { MenuEntry } from './menu-tree';

// The search (antd Select and the document lookup) loads when the pointer reaches the box or it gets focus.
const MenuSearch = onDemand(() => import('./MenuSearch'), 'MenuSearch');

/**
 * The header's search box. Until its code is here a plain input drawn like the closed Select holds its
 * place; hovering or focusing it loads the search, which then takes over (focused and open when the
 * user was in the box, with what he typed meanwhile).
 */
export function MenuSearchSlot({ entries }: { entries: MenuEntry[] }) {
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState('');

  const load = (wanted: boolean) => {
    MenuSearch.preload().then(
      () => setReady(true),
      (e: unknown) => {
        // A hover is no request; a click or a key is, and hears about the failure.
        if (wanted)
          feedback().message.error(
            e instanceof ChunkTimeoutError ? t.shell.guard.partTimeout : t.shell.guard.partFailed,
          );
      },
    );
  };

  if (ready) return <MenuSearch entries={entries} autoFocus={focused} keyword={typed} />;
  return (
    <span className="shell-menu-search shell-menu-search-idle" onPointerEnter={() => load(false)}>
      <input
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        aria-label={t.shell.layout.menuSearch}
        placeholder={t.track.search.placeholder}
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onFocus={() => {
          setFocused(true);
          load(true);
        }}
        onBlur={() => setFocused(false)}
      />
      <SearchOutlined className="shell-menu-search-idle-icon" />
    </span>
  );
}
