import { Alert, Button, Empty, Spin } from 'antd';
import { feedback } from '../../api/feedback';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { DYNAMIC_FORM_LOGIN_PATH } from '../../config/constants';
import { t } from '../../locale/zh-CN';
import { loginLocation } from '../../router/guard';
import { useSession } from '../../session';
import { cardFields } from './card-fields';
import { readDraft } from './draft-store';
import {
  isNetworkFailure,
  loadActionable,
  loadFormEntities,
  syncPending,
  type FormEntity,
  type Row,
} from './form-records';
import { MobileRecordForm } from './MobileRecordForm';
import { RecordHeading } from './RecordHeading';
import './mobile-forms.css';

const L = t.mobileForms;

interface Item {
  entity: FormEntity;
  row: Row;
  id: string;
}

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; entities: FormEntity[]; items: Item[] };

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The phone page of the mobile dynamic-form application: the records with a form document the user can
 * move now (workflow to-dos), as cards; a tap opens the record's form. Drafts that waited for the network
 * are sent on opening the page and whenever it comes back.
 */
export default function MobileFormsPage() {
  const location = useLocation();
  const user = useSession((s) => s.userInfo?.username ?? '');
  const hasToken = useSession((s) => !!s.token);
  const online = useOnline();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState<Item | null>(null);
  const [draftsVersion, setDraftsVersion] = useState(0);
  const [reloads, setReloads] = useState(0);
  const bump = useCallback(() => setDraftsVersion((v) => v + 1), []);

  const sync = useCallback(
    async (entities: readonly FormEntity[]) => {
      const n = await syncPending(user, entities);
      if (n) void feedback().message.success(L.synced(n));
      bump();
    },
    [user, bump],
  );

  useEffect(() => {
    if (!hasToken || !user) return;
    let alive = true;
    (async () => {
      const entities = await loadFormEntities();
      await sync(entities);
      const lists = await Promise.all(
        entities.map(async (entity) => ({ entity, rows: await loadActionable(entity) })),
      );
      const rowKey = (e: FormEntity) => e.page.rowKey ?? 'id';
      const items = lists.flatMap(({ entity, rows }) =>
        rows.map((row) => ({ entity, row, id: String(row[rowKey(entity)]) })),
      );
      if (alive) setState({ status: 'ready', entities, items });
    })().catch((e: unknown) => {
      if (!alive) return;
      const message = e instanceof Error && e.message ? e.message : L.loadFailed;
      // Offline, the cards already shown stay (their drafts wait for the network).
      setState((prev) =>
        prev.status === 'ready' && isNetworkFailure(e) ? prev : { status: 'error', message },
      );
    });
    return () => {
      alive = false;
    };
  }, [hasToken, user, reloads, sync]);

  // The network is back: what waited for it goes now.
  const entities = state.status === 'ready' ? state.entities : null;
  useEffect(() => {
    if (!entities) return;
    const retry = () => void sync(entities);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [entities, sync]);

  const cards = useMemo(() => new Map((entities ?? []).map((e) => [e.code, cardFields(e.page)])), [entities]);

  if (!hasToken)
    return (
      <Navigate
        to={loginLocation(DYNAMIC_FORM_LOGIN_PATH, location.pathname + location.search, true)}
        replace
      />
    );

  if (open)
    return (
      <div className="mobile-forms">
        {!online && <Alert banner type="warning" message={L.offlineBanner} />}
        <MobileRecordForm
          key={`${open.entity.code}:${open.id}`}
          user={user}
          entity={open.entity}
          row={open.row}
          draftsVersion={draftsVersion}
          onDraftsChanged={bump}
          onBack={() => {
            setOpen(null);
            setReloads((r) => r + 1);
          }}
        />
      </div>
    );

  return (
    <div className="mobile-forms">
      {!online && <Alert banner type="warning" message={L.offlineBanner} />}
      <div className="mobile-forms-bar">
        <span className="mobile-forms-bar-title">{L.title}</span>
      </div>
      {state.status === 'loading' && (
        <Spin className="mobile-forms-spin" tip={L.loading}>
          <div />
        </Spin>
      )}
      {state.status === 'error' && (
        <Alert
          className="mobile-forms-note"
          type="error"
          showIcon
          message={state.message}
          action={
            <Button
              size="small"
              onClick={() => {
                setState({ status: 'loading' });
                setReloads((r) => r + 1);
              }}
            >
              {L.retry}
            </Button>
          }
        />
      )}
      {state.status === 'ready' && !state.items.length && (
        <Empty className="mobile-forms-spin" description={L.empty} />
      )}
      {state.status === 'ready' && (
        <ul className="mobile-forms-list" data-drafts={draftsVersion}>
          {state.items.map((item) => (
            <li key={`${item.entity.code}:${item.id}`}>
              <button type="button" className="mobile-forms-card" onClick={() => setOpen(item)}>
                <RecordHeading
                  row={item.row}
                  card={cards.get(item.entity.code)!}
                  draft={readDraft(user, item.entity.code, item.id)}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
