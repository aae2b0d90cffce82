import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useHref, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { HOME_PATH } from '../../config/constants';
import { displayName, greetingNow } from '../../layout/header/greeting';
import { t } from '../../locale/zh-CN';
import { safeRedirect } from '../../router/guard';
import { lazyNamed } from '../../router/lazy';
import { getRuntimeConfig } from '../../config/runtime';
import {
  applyLoginResult,
  casLogin,
  passwordLogin,
  phoneLogin,
  rememberedUsername,
  saveTenant,
  selectDepart,
} from '../../session/login';
import type { LoginResult } from '../../session/types';
import { SliderVerify } from '../../widgets/slider-verify';
import { LoginTabs } from './LoginTabs';
import { captchaRules, mobileRules } from './rules';
import { mobileOf, SmsCodeInput } from './SmsCodeInput';

type Mode = 'password' | 'phone';

// Only users with several departments or tenants see it: its selects stay off the sign-in page's load.
const DepartSelectModal = lazyNamed(() => import('../../layout/header/DepartSelectModal'), 'DepartSelectModal');

/** The form's inner width; the slider measures its real width when dragged. */
const SLIDER_WIDTH = 320;

interface Values {
  username?: string;
  password?: string;
  mobile?: string;
  captcha?: string;
  remember?: boolean;
}

/**
 * The sign-in screen shared by every login route (spec §2): password and phone-code tabs, slider
 * verification before submit, remembered username, department choice after sign-in, and single
 * sign-on through CAS when the server has it configured.
 */
export default function LoginPage({ afterLogin }: { afterLogin?: string }) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('password');
  const [verified, setVerified] = useState(false);
  const [verifyKey, setVerifyKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<{ result: LoginResult; username: string | null | undefined } | null>(
    null,
  );
  const l = t.shell.login;

  const finish = (result: LoginResult, remember: string | null | undefined, tenantId?: string | number) => {
    applyLoginResult(result, remember);
    if (tenantId != null) saveTenant(tenantId);
    feedback().notification.success({
      message: l.welcome,
      description: l.welcomeBack(greetingNow(), displayName(result.userInfo)),
      duration: 3,
    });
    navigate(safeRedirect(query.get('redirect')) ?? afterLogin ?? HOME_PATH, { replace: true });
  };

  // Transport errors were shown by the error catalogue; login refusals show on the page.
  const refusal = (e: unknown) =>
    e instanceof Error && e.name !== 'ApiError' ? e.message || l.failed : l.failed;

  /** After any sign-in: warn without a department, ask for one (or a tenant) when there is a choice. */
  const proceed = (result: LoginResult, remember: string | null | undefined) => {
    if (result.multi_depart === 0) feedback().message.warning(l.noDepart);
    const needsChoice = result.multi_depart === 2 || (result.tenantList?.length ?? 0) > 1;
    if (needsChoice) setPending({ result, username: remember });
    else finish(result, remember);
  };

  // Back from the CAS server with a ticket: validate it once (a ticket is single-use). The service is
  // this page with its own query (the redirect) but without the ticket: exactly the address CAS was
  // given, so it matches the one the ticket was issued for.
  const ticket = query.get('ticket');
  const location = useLocation();
  const serviceQuery = new URLSearchParams(location.search);
  serviceQuery.delete('ticket');
  const serviceHref = useHref({ pathname: location.pathname, search: serviceQuery.toString() });
  const service = new URL(serviceHref, window.location.origin).toString();
  const ticketTried = useRef<string | null>(null);
  useEffect(() => {
    if (!ticket || ticketTried.current === ticket) return;
    ticketTried.current = ticket;
    setBusy(true);
    casLogin(ticket, service)
      .then((result) => proceed(result, undefined))
      .catch((e: unknown) => {
        setError(refusal(e));
        navigate({ search: serviceQuery.toString() }, { replace: true });
      })
      .finally(() => setBusy(false));
    // proceed/navigate are stable enough here: the effect runs once per ticket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket]);
  const casLoginUrl = getRuntimeConfig().casLoginUrl;

  const resetVerify = () => {
    setVerified(false);
    setVerifyKey((k) => k + 1);
  };

  const submit = async (values: Values) => {
    setError('');
    if (!verified) {
      feedback().message.warning(l.verifyFirst);
      return;
    }
    setBusy(true);
    try {
      const result =
        mode === 'password'
          ? await passwordLogin(values.username?.trim() ?? '', values.password ?? '')
          : await phoneLogin(values.mobile ?? '', values.captcha ?? '');
      const remember =
        mode === 'password' ? (values.remember ? (values.username?.trim() ?? '') : null) : undefined;
      proceed(result, remember);
    } catch (e) {
      setError(refusal(e));
      resetVerify();
    } finally {
      setBusy(false);
    }
  };

  const getMobile = mobileOf(form, 'mobile');
  const tabs = [
    { key: 'password', label: l.tabPassword },
    { key: 'phone', label: l.tabPhone },
  ] as const;

  return (
    <div className="login-main">
      <Form<Values>
        form={form}
        size="large"
        onFinish={submit}
        initialValues={{ username: rememberedUsername(), remember: true }}
        autoComplete="on"
      >
        <LoginTabs
          tabs={tabs}
          active={mode}
          onChange={(k) => {
            setMode(k);
            setError('');
          }}
        >
          {mode === 'password' ? (
            <>
              <Form.Item name="username" rules={[{ required: true, message: l.username }]}>
                <Input prefix={<UserOutlined />} placeholder={l.username} autoComplete="username" />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: l.password }]}>
                <Input.Password
                  prefix={<LockOutlined />}
                  placeholder={l.password}
                  autoComplete="current-password"
                />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="mobile" rules={mobileRules}>
                <Input prefix={<MobileOutlined />} placeholder={l.mobile} maxLength={11} inputMode="tel" />
              </Form.Item>
              <Form.Item name="captcha" rules={captchaRules}>
                <SmsCodeInput smsmode="0" getMobile={getMobile} />
              </Form.Item>
            </>
          )}
        </LoginTabs>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        <Form.Item>
          <SliderVerify key={verifyKey} width={SLIDER_WIDTH} onSuccess={() => setVerified(true)} />
        </Form.Item>
        <div className="login-options">
          {mode === 'password' ? (
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>{l.rememberMe}</Checkbox>
            </Form.Item>
          ) : (
            <span />
          )}
          <Link to="/user/alteration">{l.forgot}</Link>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {busy ? l.submitting : l.submit}
          </Button>
        </Form.Item>
        {ticket && busy ? (
          <Alert type="info" showIcon message={l.casSigningIn} style={{ marginBottom: 16 }} />
        ) : null}
        <div className="login-footer-links">
          {casLoginUrl ? (
            <Button type="link" href={`${casLoginUrl}?service=${encodeURIComponent(service)}`}>
              {l.cas}
            </Button>
          ) : null}
          <Link to="/user/register">{l.register}</Link>
        </div>
      </Form>
      {pending ? (
        <Suspense fallback={null}>
          <DepartSelectModal
            open
            required
            title={
              (pending.result.departs?.length ?? 0) > 1 ? t.shell.depart.title : t.shell.depart.tenantTitle
            }
            departs={pending.result.departs ?? []}
            tenants={pending.result.tenantList ?? []}
            current={pending.result.userInfo.orgCode}
            onOk={async ({ orgCode, tenantId }) => {
              const { result, username } = pending;
              try {
                const userInfo = orgCode ? await selectDepart(orgCode, result.token) : result.userInfo;
                setPending(null);
                finish({ ...result, userInfo }, username, tenantId);
              } catch (e) {
                if (e instanceof Error && e.name !== 'ApiError') feedback().message.warning(e.message);
              }
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
