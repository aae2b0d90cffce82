import { SearchOutlined } from '@ant-design/icons';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { trackPath } from '../../renderer/track/track-path';
import { searchableEntries, type MenuEntry } from './menu-tree';
import { openEntry } from './NavMenu';
import { useDocumentSearch } from './useDocumentSearch';

/** Option values of found documents: a prefix no menu key has. */
const DOC = 'doc:';

interface Props {
  entries: MenuEntry[];
  /** Taking over from the header's placeholder while the user is in it: focused and open. */
  autoFocus?: boolean;
  /** What was typed into the placeholder before this loaded. */
  keyword?: string;
}

/**
 * Header search: menu entries (hidden and layout-only ones skipped; external ones open a new window) and
 * documents by number (单号), which open their tracking screen. Loaded on first use (MenuSearchSlot).
 */
export function MenuSearch({ entries, autoFocus, keyword: typed = '' }: Props) {
  const navigate = useNavigate();
  const [value, setValue] = useState<string | null>(null);
  const [keyword, setKeyword] = useState(typed);
  // The Select clears its search text from an effect of its first render (its drop-down is not open
  // yet); the text typed into the placeholder stays. Later clears (on closing) are kept.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const pages = useMemo(() => searchableEntries(entries), [entries]);
  const docs = useDocumentSearch(keyword);
  const options = useMemo((): SelectProps['options'] => {
    const menus = pages.map((e) => ({ value: e.key, label: e.title }));
    if (docs.length === 0) return menus;
    return [
      { label: t.track.search.menus, options: menus },
      {
        label: t.track.search.documents,
        options: docs.map((d) => ({ value: `${DOC}${d.code}/${d.id}`, label: t.track.search.document(d.entityName, d.label), doc: true })),
      },
    ];
  }, [pages, docs]);
  return (
    <Select
      className="shell-menu-search"
      showSearch
      allowClear
      value={value}
      placeholder={t.track.search.placeholder}
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      searchValue={keyword}
      aria-label={t.shell.layout.menuSearch}
      suffixIcon={<SearchOutlined />}
      options={options}
      // Documents are found by the server (a prefix of their number); menus by their title here.
      filterOption={(input, option) =>
        !!option && ('doc' in option || String(option.label ?? '').toLowerCase().includes(input.toLowerCase()))
      }
      onSearch={(text) => {
        if (mounted.current || text) setKeyword(text);
      }}
      popupMatchSelectWidth={280}
      onChange={(key: string | null) => {
        setValue(null);
        setKeyword('');
        if (key?.startsWith(DOC)) {
          const [code, id] = key.slice(DOC.length).split('/');
          navigate(trackPath(code, id));
          return;
        }
        const entry = pages.find((e) => e.key === key);
        if (entry) openEntry(entry, navigate);
      }}
    />
  );
}
