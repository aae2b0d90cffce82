import { Typography } from 'antd';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { dictLabels } from '../dict/paged-source';
import { checkCondition } from './condition';
import { toNodes } from './lazy-tree';
import { LazyTreeSelect } from './LazyTreeSelect';

export interface JTreeSelectProps {
  /** Chosen keys, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Table dictionary 'table,text,code'. */
  dict: string;
  pidField?: string;
  /** Parent id of the top level (default ''). */
  pidValue?: string;
  hasChildField?: string;
  /** Extra filter as a JSON object string, e.g. '{"status":"1"}'. */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Dictionary tree select over a table (`/sys/dict/loadTreeData`), children loaded on expand. */
export function JTreeSelect({ value, onChange, dict, pidField = 'pid', pidValue = '', hasChildField, condition, multiple, placeholder, disabled }: JTreeSelectProps) {
  const cond = checkCondition(condition);
  if (cond === null)
    return (
      <Typography.Text type="danger" role="alert">
        {t.widgets.treeConditionInvalid}
      </Typography.Text>
    );
  const [tableName = '', text = '', code = ''] = (dict ?? '').split(',');
  const base = { tableName, text, code, pidField, hasChildField, condition: cond || undefined };
  const load = async (pid: string) => {
    const res = await getAction<Array<Record<string, unknown>>>('/sys/dict/loadTreeData', { ...base, pid });
    return res.success && Array.isArray(res.result) ? toNodes(res.result) : [];
  };
  return (
    <LazyTreeSelect
      value={value}
      onChange={onChange}
      multiple={multiple}
      placeholder={placeholder}
      disabled={disabled}
      source={JSON.stringify([dict, pidField, pidValue, hasChildField, cond])}
      loadRoot={() => load(pidValue)}
      loadChildren={load}
      loadLabels={(keys) => dictLabels(dict, keys)}
    />
  );
}
