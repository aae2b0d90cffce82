import { Alert, Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { t } from '../../locale/zh-CN';
import { JTreeTable } from '../../widgets/tree-table/JTreeTable';
import type { TreeRow } from '../../widgets/tree-table/tree-load';

/** The lazy department tree: each level from /sys/sysDepart/queryDepartTreeSync?pid=… when first expanded. */
export const DEPART_LEVEL_URL = '/sys/sysDepart/queryDepartTreeSync';

export default function TreeTableDemoPage() {
  const d = t.editable.demo;
  const columns: ColumnsType<TreeRow> = [
    { title: d.departName, dataIndex: 'departName', width: 260 },
    { title: d.orgCode, dataIndex: 'orgCode', width: 160 },
    { title: d.mobile, dataIndex: 'mobile' },
  ];
  return (
    <Card title={d.treeTitle} variant="borderless">
      <Alert type="info" showIcon message={d.treeIntro} style={{ marginBottom: 16 }} />
      <JTreeTable url={DEPART_LEVEL_URL} queryKey="pid" topValue="" columns={columns} />
    </Card>
  );
}
