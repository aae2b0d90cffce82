import { Typography } from 'antd';
import { getAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { checkCondition } from '../dict-tree/condition';
import { toNodes } from '../dict-tree/lazy-tree';
import { LazyTreeSelect } from '../dict-tree/LazyTreeSelect';

export interface JCategorySelectProps {
  /** Chosen category ids, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Code of the root category whose subtree is offered. */
  pcode?: string;
  /** Extra filter as a JSON object string. */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Category tree select (`/sys/category/loadTreeRoot`, then loadTreeChildren on expand). */
export function JCategorySelect({ value, onChange, pcode = '', condition, multiple, placeholder, disabled }: JCategorySelectProps) {
  const cond = checkCondition(condition);
  if (cond === null)
    return (
      <Typography.Text type="danger" role="alert">
        {t.widgets.categoryConditionInvalid}
      </Typography.Text>
    );
  // A refused top level is said; a refused expansion just makes a leaf.
  const nodesOf = async (url: string, params: Record<string, unknown>, sayRefusal = false) => {
    const res = await getAction<Array<Record<string, unknown>>>(url, params);
    if (res.success && Array.isArray(res.result)) return toNodes(res.result);
    if (sayRefusal) void feedback().message.error(res.message);
    return [];
  };
  return (
    <LazyTreeSelect
      value={value}
      onChange={onChange}
      multiple={multiple}
      placeholder={placeholder}
      disabled={disabled}
      source={JSON.stringify([pcode, cond])}
      loadRoot={() => nodesOf('/sys/category/loadTreeRoot', { pcode, condition: cond || undefined }, true)}
      loadChildren={(pid) => nodesOf('/sys/category/loadTreeChildren', { pid })}
      loadLabels={async (ids) => {
        const res = await getAction<string[]>('/sys/category/loadDictItem/', { ids: ids.join(',') });
        return res.success && Array.isArray(res.result) ? res.result.map(String) : [];
      }}
    />
  );
}
