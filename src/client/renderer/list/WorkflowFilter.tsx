import { Segmented } from 'antd';
import { t } from '../../locale/zh-CN';

const L = t.workflow;

/** 全部 / 待我处理: the list of an entity with a workflow, or only the rows the user can move on. */
export function WorkflowFilter({ value, onChange }: { value: boolean; onChange: (on: boolean) => void }) {
  return (
    <Segmented
      data-testid="workflow-filter"
      value={value ? 'mine' : 'all'}
      onChange={(v) => onChange(v === 'mine')}
      options={[
        { value: 'all', label: L.allRows },
        { value: 'mine', label: L.actionable },
      ]}
    />
  );
}
