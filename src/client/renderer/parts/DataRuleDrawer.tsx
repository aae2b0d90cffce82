import { Button, Checkbox, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { report } from '../actions/requests';
import { useBusy } from '../../api/useBusy';

const L = t.renderer.parts.dataRules;

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

export interface DataRuleDrawerProps {
  /** e.g. /sys/role/datarule */
  api: string;
  permissionId: string;
  menuName: string;
  ownerKey: string;
  ownerId: string;
  onClose: () => void;
}

/**
 * The data rules of one menu for a role (protocol §10): which of the menu's rules the role's rows are
 * limited by. The menu itself must be granted (and saved) first; the server says so otherwise.
 */
export default function DataRuleDrawer({
  api,
  permissionId,
  menuName,
  ownerKey,
  ownerId,
  onClose,
}: DataRuleDrawerProps) {
  const [rules, setRules] = useState<DataRule[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [saving, run] = useBusy();
  const url = `${api}/${encodeURIComponent(permissionId)}/${encodeURIComponent(ownerId)}`;

  useEffect(() => {
    let alive = true;
    httpAction<{ datarule?: DataRule[]; drChecked?: string }>(url, {}, 'get')
      .then((res) => {
        if (!alive) return;
        setRules(res.success ? (res.result?.datarule ?? []) : []);
        setChecked((res.result?.drChecked ?? '').split(',').filter(Boolean));
        if (!res.success) setMessage(res.message);
      })
      .catch(() => alive && setRules([]));
    return () => {
      alive = false;
    };
  }, [url]);

  const save = () =>
    run(async () => {
      const body = { permissionId, [ownerKey]: ownerId, dataRuleIds: checked.join(',') };
      if (report(await httpAction(api, body, 'post'), t.renderer.messages.saved)) onClose();
    });

  return (
    <Drawer
      open
      title={L.title(menuName)}
      width={420}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{L.cancel}</Button>
          <Button type="primary" loading={saving} disabled={!rules?.length} onClick={() => void save()}>
            {L.save}
          </Button>
        </Space>
      }
    >
      {rules === null ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description={message || L.empty} />
      ) : (
        <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {rules.map((r) => (
              <Checkbox key={r.id} value={r.id}>
                {r.ruleName}
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {[r.ruleColumn, r.ruleConditions, r.ruleValue].filter(Boolean).join(' ')}
                </Typography.Text>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
    </Drawer>
  );
}
