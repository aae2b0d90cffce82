import { Button, Drawer, Modal, Space } from 'antd';
import { t } from '../../locale/zh-CN';
import { useDefinitionForm, type DefinitionFormOptions } from './useDefinitionForm';

const L = t.renderer.form;

export interface FormDialogProps extends Omit<DefinitionFormOptions, 'active'> {
  open: boolean;
  title: string;
  onClose: () => void;
}

/** A definition's add/edit form in a modal, or a drawer when the definition says so. */
export function FormDialog({ open, title, onClose, ...options }: FormDialogProps) {
  const { body, ok, saving, ready } = useDefinitionForm({ ...options, active: open });
  const footer = (
    <Space>
      <Button onClick={onClose}>{L.cancel}</Button>
      <Button
        type="primary"
        loading={saving}
        disabled={!ready}
        onClick={() => void ok().then((done) => done && onClose())}
      >
        {L.submit}
      </Button>
    </Space>
  );
  if (options.form.mode === 'drawer') {
    return (
      <Drawer
        title={title}
        open={open}
        width={options.form.width ?? 600}
        onClose={onClose}
        destroyOnHidden
        footer={footer}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      open={open}
      width={options.form.width ?? 800}
      onCancel={onClose}
      destroyOnHidden
      footer={footer}
      maskClosable={false}
    >
      {body}
    </Modal>
  );
}
