import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { postAction } from '../../api';
import { useBusy } from '../../api/useBusy';
import { t } from '../../locale/zh-CN';
import { captchaRules, mobileRules, USERNAME_RE } from '../login/rules';
import { mobileOf, SmsCodeInput } from '../login/SmsCodeInput';

interface Values {
  username: string;
  password: string;
  confirm: string;
  email?: string;
  phone: string;
  smscode: string;
}

/** 注册: username, password twice, optional email, mobile with SMS code (smsmode 1). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, run] = useBusy();
  const [error, setError] = useState('');
  const r = t.shell.register;

  const submit = (v: Values) => {
    setError('');
    return run(async () => {
      const res = await postAction('/sys/user/register', {
        username: v.username,
        password: v.password,
        email: v.email || undefined,
        phone: v.phone,
        smscode: v.smscode,
      });
      if (res.success) navigate(`/user/register-result?username=${encodeURIComponent(v.username)}`, { replace: true });
      else setError(res.message);
    });
  };

  const getMobile = mobileOf(form, 'phone');

  return (
    <div className="login-main">
      <h3 className="login-form-title">{r.title}</h3>
      <Form<Values> form={form} size="large" onFinish={submit}>
        <Form.Item
          name="username"
          rules={[
            { required: true, message: r.username },
            { pattern: USERNAME_RE, message: r.usernameRule },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={r.username} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: r.password },
            { min: 8, message: r.passwordRule },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={r.password} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: r.confirm },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(r.mismatch)),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={r.confirm} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="email" rules={[{ type: 'email', message: r.emailInvalid }]}>
          <Input prefix={<MailOutlined />} placeholder={r.email} autoComplete="email" />
        </Form.Item>
        <Form.Item name="phone" rules={mobileRules}>
          <Input prefix={<MobileOutlined />} placeholder={t.shell.login.mobile} maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="smscode" rules={captchaRules}>
          <SmsCodeInput smsmode="1" getMobile={getMobile} />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {r.submit}
          </Button>
        </Form.Item>
        <div className="login-footer-links">
          <Link to="/user/login">{r.toLogin}</Link>
        </div>
      </Form>
    </div>
  );
}
