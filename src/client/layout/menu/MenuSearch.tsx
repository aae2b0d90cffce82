import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { searchableEntries, type MenuEntry } from './menu-tree';
import { openEntry } from './NavMenu';

/** Header menu search: hidden and layout-only entries are skipped; external entries open a new window. */
export function MenuSearch({ entries }: { entries: MenuEntry[] }) {
  const navigate = useNavigate();
  const [value, setValue] = useState<string | null>(null);
  const pages = useMemo(() => searchableEntries(entries), [entries]);
  const options = useMemo(() => pages.map((e) => ({ value: e.key, label: e.title })), [pages]);
  return (
    <Select
      className="shell-menu-search"
      showSearch
      allowClear
      value={value}
      placeholder={t.shell.layout.menuSearch}
      aria-label={t.shell.layout.menuSearch}
      suffixIcon={<SearchOutlined />}
      options={options}
      optionFilterProp="label"
      popupMatchSelectWidth={240}
      onChange={(key: string | null) => {
        setValue(null);
        const entry = pages.find((e) => e.key === key);
        if (entry) openEntry(entry, navigate);
      }}
    />
  );
}
