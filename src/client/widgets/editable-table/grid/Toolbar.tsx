import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { memo, useRef, useSyncExternalStore } from 'react';
import { feedback } from '../../../api/feedback';
import { t } from '../../../locale/zh-CN';
import { useTableApi } from './context';

/** Add (throttled, spec §5) and delete-selected (confirmed) buttons above the grid. */
export const Toolbar = memo(function Toolbar({
  onAdd,
  onRemove,
  throttleMs,
}: {
  onAdd: () => void;
  onRemove: (ids: string[]) => void;
  throttleMs: number;
}) {
  const { store } = useTableApi();
  const selected = useSyncExternalStore(store.subscribe, () => store.selected);
  const lastAdd = useRef(0);
  const msg = t.editable.table;
  const add = () => {
    const now = Date.now();
    if (now - lastAdd.current < throttleMs) {
      feedback().message.warning(msg.clickTooFast);
      return;
    }
    lastAdd.current = now;
    onAdd();
  };
  return (
    <div className="jet-toolbar">
      <Button type="primary" icon={<PlusOutlined />} onClick={add}>
        {msg.add}
      </Button>
      {selected.size > 0 ? (
        <>
          <Popconfirm
            title={msg.confirmRemove(selected.size)}
            okText={t.common.ok}
            cancelText={t.common.cancel}
            onConfirm={() => onRemove([...selected])}
          >
            <Button danger icon={<DeleteOutlined />}>
              {msg.remove}
            </Button>
          </Popconfirm>
          <Button onClick={() => store.selectAll(false)}>{msg.clearSelection}</Button>
        </>
      ) : null}
    </div>
  );
});
