import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Envelope } from '../../../shared/envelope';
import { ApiError, http } from '../../api';
import { t } from '../../locale/zh-CN';
import './doctor-card.css';

/** What GET /sys/doctorCard answers: the card and nothing else (server: modules/doctor-card). */
interface DoctorCard {
  realname: string;
  avatar: string | null;
  departName: string | null;
  postName: string | null;
}

type Outcome = { kind: 'card'; card: DoctorCard } | { kind: 'gone' } | { kind: 'failed' };
type State = { kind: 'loading' } | Outcome;

export const DOCTOR_CARD_API = '/sys/doctorCard';

/**
 * The doctor's public card (/doctor-card?c=<token>), opened from the doctor's QR code on a patient's
 * phone, with no session: the token is the whole key, a bad one shows 名片不存在或已失效.
 */
export default function DoctorCardPage() {
  const [query] = useSearchParams();
  const token = query.get('c') ?? '';
  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, keyed by token and attempt: a newer load shows loading until it answers.
  const key = `${attempt}:${token}`;
  const [outcome, setOutcome] = useState<{ key: string; value: Outcome } | null>(null);
  const d = t.doctorCard;

  useEffect(() => {
    document.title = d.title;
  }, [d.title]);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    const settle = (value: Outcome) => alive && setOutcome({ key, value });
    // Silent: this page says what went wrong itself, without the console's error notifications.
    http
      .get<Envelope<DoctorCard>>(DOCTOR_CARD_API, { params: { c: token }, silent: true })
      .then((res) =>
        settle(
          res.data.success && res.data.result ? { kind: 'card', card: res.data.result } : { kind: 'gone' },
        ),
      )
      .catch((e: unknown) => {
        const status = e instanceof ApiError ? e.status : undefined;
        settle(status === 404 || status === 400 ? { kind: 'gone' } : { kind: 'failed' });
      });
    return () => {
      alive = false;
    };
  }, [token, key]);

  const state: State = !token ? { kind: 'gone' } : outcome?.key === key ? outcome.value : { kind: 'loading' };

  return (
    <main className="doctor-card-page">
      {state.kind === 'loading' && <Spin size="large" aria-label={d.loading} />}
      {state.kind === 'gone' && <Result status="404" title={d.notFound} subTitle={d.notFoundHint} />}
      {state.kind === 'failed' && (
        <Result
          status="warning"
          title={d.loadFailed}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {d.retry}
            </Button>
          }
        />
      )}
      {state.kind === 'card' && <CardView card={state.card} />}
    </main>
  );
}

function CardView({ card }: { card: DoctorCard }) {
  const d = t.doctorCard;
  return (
    <article className="doctor-card" aria-label={d.title}>
      <div className="doctor-card-band" />
      <Avatar
        className="doctor-card-avatar"
        size={104}
        src={card.avatar ?? undefined}
        icon={<UserOutlined />}
        alt={d.avatarAlt(card.realname)}
      />
      <Typography.Title level={2} className="doctor-card-name">
        {card.realname}
      </Typography.Title>
      {card.postName && <div className="doctor-card-post">{card.postName}</div>}
      <dl className="doctor-card-facts">
        {card.departName && (
          <div>
            <dt>{d.department}</dt>
            <dd>{card.departName}</dd>
          </div>
        )}
        {card.postName && (
          <div>
            <dt>{d.position}</dt>
            <dd>{card.postName}</dd>
          </div>
        )}
      </dl>
      <footer className="doctor-card-footer">{d.footer}</footer>
    </article>
  );
}
