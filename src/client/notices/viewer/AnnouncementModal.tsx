import { Button, Divider, Empty, Modal, Space, Spin, Typography } from 'antd';
import { Suspense, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { resolveComponent } from '../../router/registry';
import { sanitizeRichText } from '../../widgets/editor/sanitize';
import { followRedirect } from '../bell/follow';
import { linkAction } from '../bell/redirect';
import { VIEWER_HEIGHT, VIEWER_WIDTH } from '../config';
import type { AnnouncementLoad } from './useAnnouncement';

/** The page an announcement of open type 'component' names, given the business record id. */
function DynamicPage({ name, busId }: { name: string; busId: string | null }) {
  const Page = resolveComponent(name) as ComponentType<{ id?: string | null }> | null;
  if (!Page) return <Empty description={t.notices.viewer.missingPage(name)} />;
  return (
    <Suspense fallback={<Spin />}>
      <Page id={busId} />
    </Suspense>
  );
}

/**
 * An announcement in a 60% × 80% modal: sender, time and the content, sanitised again here with
 * DOMPurify; 去处理 for open type 'url'; the named page for open type 'component' (spec §2).
 */
export function AnnouncementModal({ open, load, onClose }: { open: boolean; load: AnnouncementLoad; onClose: () => void }) {
  const navigate = useNavigate();
  const v = t.notices.viewer;
  const annt = load.annt;
  const canHandle = annt?.openType === 'url' && !!annt.openPage;

  /** Through the notices' one navigation gate: an unsafe stored link is refused with a message. */
  const goHandle = () => {
    const page = annt?.openPage;
    if (!page) return;
    const action = linkAction(page);
    if (action.kind !== 'blocked') onClose();
    void followRedirect(action, navigate);
  };

  return (
    <Modal
      open={open}
      title={v.title}
      width={VIEWER_WIDTH}
      style={{ top: '10vh' }}
      styles={{ body: { height: `calc(${VIEWER_HEIGHT} - 110px)`, overflowY: 'auto' } }}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          {canHandle ? (
            <Button type="primary" onClick={goHandle}>
              {v.goHandle}
            </Button>
          ) : null}
          <Button onClick={onClose}>{v.close}</Button>
        </Space>
      }
    >
      {load.status === 'loading' ? (
        <Spin tip={v.loading}>
          <div className="notices-viewer-loading" />
        </Spin>
      ) : null}
      {load.status === 'missing' ? <Empty description={v.notFound} /> : null}
      {annt ? (
        <article className="notices-viewer">
          <Typography.Title level={4}>{annt.titile}</Typography.Title>
          <Space split={<Divider type="vertical" />} className="notices-viewer-meta">
            <Typography.Text type="secondary">
              {v.sender}：{annt.sender ?? ''}
            </Typography.Text>
            <Typography.Text type="secondary">
              {v.sendTime}：{annt.sendTime ?? ''}
            </Typography.Text>
          </Space>
          <Divider />
          {annt.openType === 'component' && annt.openPage ? (
            <DynamicPage name={annt.openPage} busId={annt.busId} />
          ) : (
            // Sanitised by the server when stored and by DOMPurify here, with the same allow-list.
            <div className="notices-viewer-content" dangerouslySetInnerHTML={{ __html: sanitizeRichText(annt.msgContent) }} />
          )}
        </article>
      ) : null}
    </Modal>
  );
}
