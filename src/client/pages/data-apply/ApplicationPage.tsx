import { Alert, Button, Card, Descriptions, Input, Popconfirm, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { renameTab } from '../../layout/tabs/store';
import { t } from '../../locale/zh-CN';
import { actOnApplication, getApplication, type ApplicationDetail } from './api';
import { DiffTable, MergeTable } from './CompareTable';
import { applyPath } from './paths';
import { StatusTag } from './StatusTag';
import { NotLoaded, unwrap, useLoad } from './useLoad';

const L = t.dataApply;

function Header({ a }: { a: ApplicationDetail }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'entity', label: L.columns.entity, children: a.entityName },
        { key: 'kind', label: L.columns.kind, children: a.kindText || L.kinds[a.kind] },
        { key: 'title', label: L.columns.title, children: a.title ?? '' },
        { key: 'applicant', label: L.columns.applicant, children: a.applicantName || a.applicant },
        { key: 'createTime', label: L.columns.createTime, children: a.createTime },
        {
          key: 'status',
          label: L.columns.status,
          children: <StatusTag status={a.status} text={a.statusText} />,
        },
        { key: 'reason', label: L.columns.reason, children: a.reason ?? '', span: 3 },
        ...(a.auditTime
          ? [
              { key: 'auditor', label: L.columns.auditor, children: a.auditorName || a.auditor || '' },
              { key: 'auditTime', label: L.columns.auditTime, children: a.auditTime },
              { key: 'auditComment', label: L.columns.auditComment, children: a.auditComment ?? '' },
            ]
          : []),
      ]}
    />
  );
}

/** 通过 / 驳回 with a comment (required to reject), or 撤回 for the applicant. */
function Actions({ a, onDone }: { a: ApplicationDetail; onDone: () => void }) {
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (what: 'approve' | 'reject' | 'withdraw') => {
    if (what === 'reject' && !comment.trim())
      return void feedback().message.warning(L.detail.commentRequired);
    setBusy(true);
    try {
      const res = await actOnApplication(
        a.id,
        what,
        what === 'withdraw' ? undefined : comment.trim() || undefined,
      );
      if (res.success) feedback().message.success(res.message || t.common.success);
      else feedback().message.warning(res.message || t.common.failed);
      // Refused or not, the application may have moved on (stale, taken by another auditor).
      onDone();
    } finally {
      setBusy(false);
    }
  };
  if (a.canAudit)
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="apply-audit-form">
        <Typography.Text strong>{L.detail.comment}</Typography.Text>
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={comment}
          placeholder={L.detail.commentPlaceholder}
          onChange={(e) => setComment(e.target.value)}
        />
        <Space wrap>
          <Popconfirm title={L.detail.approveConfirm} onConfirm={() => act('approve')}>
            <Button type="primary" loading={busy}>
              {L.detail.approve}
            </Button>
          </Popconfirm>
          <Button danger loading={busy} onClick={() => void act('reject')}>
            {L.detail.reject}
          </Button>
        </Space>
      </Space>
    );
  if (a.canWithdraw)
    return (
      <Popconfirm title={L.withdrawConfirm} onConfirm={() => act('withdraw')}>
        <Button loading={busy}>{L.withdraw}</Button>
      </Popconfirm>
    );
  return null;
}

/**
 * 审核申请 and 申请详情 (/dynamicForm/applyAudit?id=, /dynamicForm/applyDetails?id=): who asked what and why,
 * old and new side by side, the stale warning, and the audit or the withdrawal where the caller may.
 */
export default function ApplicationPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('id') ?? '';
  const { loaded, reload } = useLoad(() => unwrap(getApplication(id)), id, !!id);
  const location = useLocation();
  const tabKey = `${location.pathname}${location.search}${location.hash}`;
  const shown = loaded.status === 'ok' ? loaded.value : null;
  // The workspace tab is named after what the application is about.
  useEffect(() => {
    if (shown) renameTab(tabKey, L.detail.tabTitle(shown.kindText || L.kinds[shown.kind], shown.title ?? ''));
  }, [shown, tabKey]);
  if (!id) return <Alert type="warning" showIcon message={L.missingParams} />;
  if (loaded.status !== 'ok') return <NotLoaded loaded={loaded} onRetry={reload} />;
  const a = loaded.value;
  const recordId = a.resultId ?? (a.kind === 'add' ? null : a.recordId);
  const done = a.status !== 'pending';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="apply-detail">
      <Card size="small" title={L.detail.header}>
        <Header a={a} />
      </Card>
      {a.stale && a.status !== 'approved' ? (
        <Alert type="warning" showIcon message={L.detail.stale} data-testid="apply-stale" />
      ) : null}
      {done ? (
        <Alert
          type={a.status === 'approved' ? 'success' : a.status === 'rejected' ? 'error' : 'info'}
          showIcon
          data-testid="apply-result"
          message={L.detail.result(a.statusText || L.statuses[a.status])}
          description={a.auditComment || undefined}
          action={
            recordId && a.status === 'approved' && a.kind !== 'delete' ? (
              <Button
                size="small"
                onClick={() => navigate(applyPath('dataDetails', { entity: a.entity, id: recordId }))}
              >
                {L.detail.openRecord}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Card size="small" title={L.detail.compare}>
        {a.kind === 'merge' ? <MergeTable detail={a} /> : <DiffTable diff={a.diff} kind={a.kind} />}
      </Card>
      {!done && (a.canAudit || a.canWithdraw) ? (
        <Card size="small">
          <Actions a={a} onDone={reload} />
        </Card>
      ) : null}
    </Space>
  );
}
