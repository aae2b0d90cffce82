import { Card, Empty } from 'antd';
import { useLocation } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { usePageMeta } from '../../router/route-context';
import { ReportQueryForm } from '../../widgets/popup/ReportQueryForm';
import { ReportTable } from '../../widgets/popup/ReportTable';
import { useReport } from '../../widgets/popup/useReport';

/** `/online/cgreport/<code>`: the report code is the last path segment. */
export function reportCodeOf(path: string): string {
  const m = /\/online\/cgreport\/([a-z0-9_]+)\/?$/.exec(path);
  return m ? m[1] : '';
}

/**
 * The popup report list screen a menu entry opens (component OnlCgreportAutoList): the report's query
 * items, then its rows with server-side sort and paging.
 */
export default function ReportListPage() {
  const meta = usePageMeta();
  const location = useLocation();
  const code = reportCodeOf(meta?.path ?? location.pathname);
  const report = useReport(code, { enabled: !!code });
  if (!code) return <Empty description={t.editable.report.notFound} />;
  return (
    <Card title={report.head?.cgRpConfigName ?? ''} variant="borderless">
      <ReportQueryForm
        items={report.items}
        options={report.itemOptions}
        initial={report.query}
        onSearch={report.search}
      />
      <ReportTable report={report} />
    </Card>
  );
}
