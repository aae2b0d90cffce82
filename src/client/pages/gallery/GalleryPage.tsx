import { createForm, type Form } from '@formily/core';
import { FormConsumer, FormProvider } from '@formily/react';
import { Button, Card, Col, Collapse, Input, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { DoctorQrModal, FilePopup } from '../../widgets/dialogs';
import { SchemaField } from '../../renderer/form/SchemaField';
import { GALLERY_SECTIONS, type GallerySection } from './gallery-schema';

const g = t.widgets.gallery;

function SectionCard({ section }: { section: GallerySection }) {
  const form: Form = useMemo(() => createForm({ initialValues: section.initialValues }), [section]);
  return (
    <Card title={section.title ?? g.sections[section.key as keyof typeof g.sections]} id={`gallery-${section.key}`} style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <FormProvider form={form}>
            <SchemaField schema={section.schema} />
            <Space>
              <Button
                type="primary"
                onClick={() =>
                  form.validate().then(
                    () => void feedback().message.success(g.valid),
                    () => undefined,
                  )
                }
              >
                {g.validate}
              </Button>
              <Button onClick={() => void form.reset('*', { forceClear: true })}>{g.reset}</Button>
            </Space>
          </FormProvider>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Text strong>{g.value}</Typography.Text>
          <FormConsumer>
            {() => (
              <pre className="gallery-values" data-section={section.key} style={{ background: 'var(--ant-color-fill-alter)', padding: 8, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {JSON.stringify(form.values, null, 2)}
              </pre>
            )}
          </FormConsumer>
          <Collapse
            size="small"
            items={[{ key: 'schema', label: g.schema, children: <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(section.schema, null, 2)}</pre> }]}
          />
        </Col>
      </Row>
    </Card>
  );
}

function DialogsCard() {
  const [qrOpen, setQrOpen] = useState(false);
  const [doctorId, setDoctorId] = useState('');
  const [fileOpen, setFileOpen] = useState(false);
  const [files, setFiles] = useState('');
  return (
    <Card title={g.sections.dialogs} id="gallery-dialogs" style={{ marginBottom: 16 }}>
      <Space wrap>
        <Input aria-label={g.doctorId} placeholder={g.doctorId} value={doctorId} onChange={(e) => setDoctorId(e.target.value)} style={{ width: 200 }} />
        <Button onClick={() => setQrOpen(true)}>{g.openQr}</Button>
        <Button onClick={() => setFileOpen(true)}>{g.openFilePopup}</Button>
        <Typography.Text code>{files}</Typography.Text>
      </Space>
      <DoctorQrModal open={qrOpen} doctorId={doctorId} onClose={() => setQrOpen(false)} />
      <FilePopup
        open={fileOpen}
        value={files}
        onCancel={() => setFileOpen(false)}
        onOk={(v) => {
          setFiles(v);
          setFileOpen(false);
        }}
      />
    </Card>
  );
}

/** /test/home: every shared widget rendered from JSON schema, with its live value and validation. */
export default function GalleryPage() {
  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={2}>{g.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{g.intro}</Typography.Paragraph>
      {GALLERY_SECTIONS.map((s) => (
        <SectionCard key={s.key} section={s} />
      ))}
      <DialogsCard />
    </div>
  );
}
