import { DatePicker, Select, Spin, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { getDictItems } from '../../session/dicts';
import type { DictItem } from '../../session/types';
import { t } from '../../locale/zh-CN';
import { DEPART_TREE_URL } from '../depart-picker/depart-tree';
import { useDepartTree } from '../depart-picker/useDepartTree';
import { JEllipsis } from '../ellipsis/JEllipsis';
import { TablePickerModal } from '../picker-kit/TablePickerModal';

export interface UserRow {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  birthday?: string | null;
  sex?: number | string | null;
  [key: string]: unknown;
}

export const USER_PICKER_WIDTH = 1200;
export const USER_PICKER_URL = '/sys/user/queryUserComponentData';
/** Cell text is cut at 25 (spec §9). */
const ELLIPSIS = 25;

export interface UserPickerModalProps {
  open: boolean;
  multiple: boolean;
  /** Row key the choice is kept by ('username' or 'id'). */
  rowKey: 'username' | 'id';
  initialKeys: string[];
  departTreeUrl?: string;
  onOk: (keys: string[], rows: UserRow[]) => void;
  onCancel: () => void;
}

/**
 * Users by department (spec §2, §3, §7): the department tree on the left narrows the list to the chosen
 * departments (`departId` comma-joined); search by account, filter by sex and birthday; 10 a page (10/20/30)
 * newest first; tables scroll sideways (800) on screens narrower than 500 px.
 */
export function UserPickerModal({ open, multiple, rowKey, initialKeys, departTreeUrl = DEPART_TREE_URL, onOk, onCancel }: UserPickerModalProps) {
  const u = t.widgets.user;
  const { tree, loading } = useDepartTree(departTreeUrl);
  const [departIds, setDepartIds] = useState<string[]>([]);
  const [sexItems, setSexItems] = useState<DictItem[]>([]);
  useEffect(() => {
    void getDictItems('sex').then(setSexItems);
  }, []);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 500;
  const cell = (v: unknown) => <JEllipsis value={v as string} length={ELLIPSIS} />;
  const columns: ColumnsType<UserRow> = [
    { title: u.realname, dataIndex: 'realname', render: cell },
    { title: u.username, dataIndex: 'username', render: cell },
    { title: u.phone, dataIndex: 'phone', render: cell },
    { title: u.birthday, dataIndex: 'birthday', render: cell },
  ];
  return (
    <TablePickerModal<UserRow>
      open={open}
      title={u.title}
      width={USER_PICKER_WIDTH}
      url={USER_PICKER_URL}
      columns={columns}
      rowKey={rowKey}
      multiple={multiple}
      initialKeys={initialKeys}
      searchField="username"
      searchPlaceholder={u.searchPlaceholder}
      params={{ column: 'createTime', order: 'desc', departId: departIds.join(',') || undefined }}
      pageSize={10}
      pageSizeOptions={[10, 20, 30]}
      scrollX={narrow ? 800 : undefined}
      renderFilters={(filters, setFilters) => (
        <>
          <Select
            allowClear
            aria-label={u.sex}
            placeholder={u.sexPlaceholder}
            style={{ width: 120 }}
            value={(filters.sex as string | undefined) ?? undefined}
            options={sexItems.map((i) => ({ value: i.value, label: i.text }))}
            onChange={(v?: string) => setFilters({ ...filters, sex: v })}
          />
          <DatePicker
            aria-label={u.birthday}
            placeholder={u.birthdayPlaceholder}
            onChange={(d) => setFilters({ ...filters, birthday: d ? d.format('YYYY-MM-DD') : undefined })}
          />
        </>
      )}
      left={
        loading ? (
          <Spin size="small" />
        ) : (
          <Tree
            aria-label={u.departTree}
            multiple
            blockNode
            defaultExpandAll
            treeData={tree}
            selectedKeys={departIds}
            onSelect={(keys) => setDepartIds(keys.map(String))}
            style={{ maxHeight: 480, overflow: 'auto' }}
          />
        )
      }
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}
