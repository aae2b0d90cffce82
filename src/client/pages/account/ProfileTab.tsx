import { Button, DatePicker, Form, Input, Radio, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { looksMasked } from '../../../shared/mask';
import { email as emailCheck, mobile as mobileCheck, type Check } from '../../../shared/validators';
import { loadProfile, Refused, saveProfile, type SelfProfile } from './account-api';

interface Values {
  realname: string;
  sex?: number | null;
  birthday?: Dayjs | null;
  email?: string;
  phone?: string;
}

const toValues = (p: SelfProfile): Values => ({
  realname: p.realname ?? '',
  sex: p.sex,
  birthday: p.birthday ? dayjs(p.birthday) : null,
  email: p.email ?? '',
  phone: p.phone ?? '',
});

/** 基本信息: own name, sex, birthday, e-mail and phone; masked values saved back unchanged stay as stored. */
export function ProfileTab() {
  const p = t.account.profile;
  const [form] = Form.useForm<Values>();
  const [profile, setProfile] = useState<SelfProfile | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    loadProfile()
      .then((loaded) => alive && setProfile(loaded))
      .catch((e: unknown) => {
        if (e instanceof Refused) feedback().message.warning(e.message || p.loadFailed);
      });
    return () => {
      alive = false;
    };
  }, [p.loadFailed]);
  useEffect(() => {
    if (profile) form.setFieldsValue(toValues(profile));
  }, [profile, form]);

  // A mask loaded from the server and left as it is needs no format check: the server keeps the stored value.
  const rule = (check: Check, loaded: string | null | undefined) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value || (looksMasked(value) && value === loaded)) return;
      const problem = check(value);
      if (problem) throw new Error(problem);
    },
  });

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const saved = await saveProfile({
        realname: values.realname.trim(),
        sex: values.sex ?? null,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        email: values.email ?? '',
        phone: values.phone ?? '',
      });
      setProfile(saved);
      feedback().message.success(p.saved);
    } catch (e) {
      if (e instanceof Refused) feedback().message.warning(e.message);
      else if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  if (!profile) return <Skeleton active />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} className="account-profile-form">
      <Form.Item label={p.username}>
        <Input value={profile.username} disabled />
      </Form.Item>
      <Form.Item name="realname" label={p.realname} rules={[{ required: true, whitespace: true, message: p.realnameRequired }, { max: 50 }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="sex" label={p.sex}>
        <Radio.Group
          options={[
            { value: 1, label: p.male },
            { value: 2, label: p.female },
          ]}
        />
      </Form.Item>
      <Form.Item name="birthday" label={p.birthday}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
      </Form.Item>
      <Form.Item name="email" label={p.email} rules={[rule(emailCheck, profile.email)]}>
        <Input maxLength={100} autoComplete="email" />
      </Form.Item>
      <Form.Item name="phone" label={p.phone} rules={[rule(mobileCheck, profile.phone)]}>
        <Input maxLength={20} autoComplete="tel" />
      </Form.Item>
      {looksMasked(profile.phone) || looksMasked(profile.email) ? (
        <Typography.Paragraph type="secondary">{p.maskedHint}</Typography.Paragraph>
      ) : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {p.save}
      </Button>
    </Form>
  );
}
