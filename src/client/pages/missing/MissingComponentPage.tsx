import { Result } from 'antd';
import { t } from '../../locale/zh-CN';

/** A menu entry whose component nobody provides: say so plainly instead of a blank page. */
export function MissingComponentPage({ name }: { name: string }) {
  return <Result status="warning" title={t.shell.guard.missingComponent(name || '（空）')} subTitle={t.shell.guard.missingComponentDesc} />;
}
