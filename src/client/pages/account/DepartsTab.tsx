import { ApartmentOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Empty, List, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { DepartSelectModal } from '../../layout/header/DepartSelectModal';
import { t } from '../../locale/zh-CN';
import { currentUserDeparts, selectDepart } from '../../session/login';
import type { Depart } from '../../session/types';

/** 我的部门: the departments the user belongs to, the current one marked; switching uses the header's dialog. */
export function DepartsTab() {
  const d = t.account.departs;
  const [data, setData] = useState<{ list: Depart[]; orgCode: string | null } | null>(null);
  const [switching, setSwitching] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let alive = true;
    currentUserDeparts()
      .then((loaded) => alive && setData(loaded))
      .catch((e: unknown) => {
        if (e instanceof Error && e.message) feedback().message.warning(e.message);
      });
    return () => {
      alive = false;
    };
  }, [version]);

  if (!data) return <Skeleton active />;
  return (
    <>
      <List
        className="account-departs"
        dataSource={data.list}
        locale={{ emptyText: <Empty description={d.empty} /> }}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              avatar={<ApartmentOutlined />}
              title={
                <>
                  {item.departName} {item.orgCode === data.orgCode ? <Tag color="blue">{d.current}</Tag> : null}
                </>
              }
              description={`${d.orgCode}：${item.orgCode}`}
            />
          </List.Item>
        )}
      />
      {data.list.length > 1 ? (
        <Button icon={<SwapOutlined />} onClick={() => setSwitching(true)}>
          {d.switch}
        </Button>
      ) : null}
      <DepartSelectModal
        open={switching}
        title={t.shell.depart.switchTitle}
        departs={data.list}
        current={data.orgCode}
        onCancel={() => setSwitching(false)}
        onOk={async ({ orgCode }) => {
          if (!orgCode) return;
          try {
            await selectDepart(orgCode);
            feedback().message.success(t.shell.depart.switched);
            setSwitching(false);
            setVersion((v) => v + 1);
          } catch (e) {
            if (e instanceof Error && e.message) feedback().message.warning(e.message);
          }
        }}
      />
    </>
  );
}
