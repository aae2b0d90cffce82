import { ApplicationList } from './ApplicationList';

/** 数据审核 (/dynamicForm/dataApplyAudit): applications the caller may audit, pending first. */
export default function AuditApplicationsPage() {
  return <ApplicationList box="audit" />;
}
