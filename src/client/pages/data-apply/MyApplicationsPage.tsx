import { ApplicationList } from './ApplicationList';

/** 我的申请 (/dynamicForm/dataApply): the caller's applications. */
export default function MyApplicationsPage() {
  return <ApplicationList box="mine" />;
}
