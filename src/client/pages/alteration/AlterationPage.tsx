import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { postAction } from '../../api';
import { useBusy } from '../../api/useBusy';
import { currentVariant } from '../../config/runtime';
import { t } from '../../locale/zh-CN';
import { SliderVerify } from '../../widgets/slider-verify';
import { captchaRules, mobileRules } from '../login/rules';
import { mobileOf, SmsCodeInput } from '../login/SmsCodeInput';

interface Proof {
  phone: string;
  smscode: string;
  username: string;
}

/** 找回密码: phone + SMS code (smsmode 2) → new password → done. The reset is a POST, never a GET. */
export default function AlterationPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [proof, setProof] = useState<Proof | null>(null);
  const [verified, setVerified] = useState(false);
  const [busy, run] = useBusy();
  const [error, setError] = useState('');
  const [phoneForm] = Form.useForm<{ phone: string; smscode: string }>();
  const a = t.shell.alteration;

  const verify = (v: { phone: string; smscode: string }) => {
    if (!verified) return setError(t.shell.login.verifyFirst);
    setError('');
    return run(async () => {
      const res = await postAction<{ username?: string; smscode?: string }>('/sys/user/phoneVerification', v);
      if (res.success) {
        setProof({ phone: v.phone, smscode: res.result?.smscode ?? v.smscode, username: res.result?.username ?? '' });
        setStep(1);
      } else setError(res.message);
    });
  };

  const change = (v: { password: string }) => {
    if (!proof) return;
    setError('');
    return run(async () => {
      const res = await postAction('/sys/user/passwordChange', { ...proof, password: v.password });
      if (res.success) setStep(2);
      else setError(res.message);
    });
  };

  const getMobile = mobileOf(phoneForm, 'phone');

  return (
    <div className="login-main login-main-wide">
      <h3 className="login-form-title">{a.title}</h3>
      <Steps size="small" current={step} items={[{ title: a.stepVerify }, { title: a.stepChange }, { title: a.stepDone }]} />
      <div style={{ marginTop: 24 }}>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        {step === 0 ? (
          <Form form={phoneForm} size="large" onFinish={verify}>
            <Form.Item name="phone" rules={mobileRules}>
              <Input prefix={<MobileOutlined />} placeholder={t.shell.login.mobile} maxLength={11} inputMode="tel" />
            </Form.Item>
            <Form.Item name="smscode" rules={captchaRules}>
              <SmsCodeInput smsmode="2" getMobile={getMobile} />
            </Form.Item>
            <Form.Item>
              <SliderVerify width={432} onSuccess={() => setVerified(true)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {a.next}
            </Button>
          </Form>
        ) : null}
        {step === 1 ? (
          <Form size="large" onFinish={change}>
            <Form.Item
              name="password"
              rules={[
                { required: true, message: a.newPassword },
                { min: 8, message: t.shell.password.minLength },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder={a.newPassword} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              dependencies={['password']}
              rules={[
                { required: true, message: a.confirm },
                ({ getFieldValue }) => ({
                  validator: (_r, v: string) =>
                    !v || v === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t.shell.password.mismatch)),
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder={a.confirm} autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {a.submit}
            </Button>
          </Form>
        ) : null}
        {step === 2 ? (
          <Result
            status="success"
            title={a.done}
            subTitle={a.doneDesc}
            extra={
              <Button type="primary" onClick={() => navigate(currentVariant().loginPath)}>
                {a.backLogin}
              </Button>
            }
          />
        ) : null}
      </div>
      {step < 2 ? (
        <div className="login-footer-links">
          <Button type="link" onClick={() => navigate(currentVariant().loginPath)}>
            {a.backLogin}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
