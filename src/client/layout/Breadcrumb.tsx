import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '../config/constants';

/** 首页 first, then the titles of the matched routes (spec §2). */
export function Breadcrumb({ homeTitle, trail, isHome }: { homeTitle: string; trail: string[]; isHome: boolean }) {
  const items = [
    { title: isHome ? homeTitle : <Link to={HOME_PATH}>{homeTitle}</Link> },
    ...(isHome ? [] : trail.filter(Boolean).map((title) => ({ title }))),
  ];
  return <AntBreadcrumb className="shell-breadcrumb" items={items} />;
}
