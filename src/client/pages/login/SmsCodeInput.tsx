import { MailOutlined } from '@ant-design/icons';
import { Button, Input, Space, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { sendSmsCode } from '../../session/login';
import { MOBILE_RE } from './rules';

const COUNTDOWN_S = 60;

/** A `getMobile` for the form's mobile field: its value once valid, '' otherwise (the form shows why). */
export function mobileOf<V>(form: FormInstance<V>, field: string): () => Promise<string> {
  return async () => {
    try {
      const values = (await form.validateFields([field])) as Record<string, unknown>;
      return String(values[field] ?? '');
    } catch {
      return '';
    }
  };
}

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  /** Reads the mobile field; returns '' when it is invalid (the form shows why). */
  getMobile: () => Promise<string>;
  smsmode: '0' | '1' | '2';
  size?: 'large' | 'middle';
}

/** Verification-code input with the 获取验证码 button and a 60 s resend countdown. */
export function SmsCodeInput({ value, onChange, getMobile, smsmode, size = 'large' }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const mobile = await getMobile();
    if (!MOBILE_RE.test(mobile)) return;
    setSending(true);
    try {
      await sendSmsCode(mobile, smsmode);
      feedback().message.success(t.shell.login.smsSent);
      setLeft(COUNTDOWN_S);
    } catch (e) {
      if (e instanceof Error && e.message && e.name !== 'ApiError') feedback().message.warning(e.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        size={size}
        prefix={<MailOutlined />}
        placeholder={t.shell.login.captcha}
        value={value}
        maxLength={6}
        inputMode="numeric"
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Button size={size} disabled={left > 0} loading={sending} onClick={send} style={{ minWidth: 112 }}>
        {left > 0 ? t.shell.login.resendIn(left) : t.shell.login.getCaptcha}
      </Button>
    </Space.Compact>
  );
}
