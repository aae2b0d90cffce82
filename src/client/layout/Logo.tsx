import { MedicineBoxFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../config/constants';
import { t } from '../locale/zh-CN';

/** The logo links to the dashboard; its default title is the health service centre name. */
export function Logo({ title = t.shell.appName, collapsed, theme }: { title?: string; collapsed?: boolean; theme: 'dark' | 'light' }) {
  return (
    <Link to={HOME_PATH} className={`shell-logo shell-logo-${theme}`} aria-label={title}>
      <MedicineBoxFilled className="shell-logo-icon" />
      {collapsed ? null : <h1>{title}</h1>}
    </Link>
  );
}
