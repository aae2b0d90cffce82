import { createForm, onFieldInputValueChange, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { toJS } from '@formily/reactive';
import { FormLayout } from '@formily/antd-v5';
import { Alert, Button, Spin, Tag } from 'antd';
import { feedback } from '../../api/feedback';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { SchemaField } from '../../renderer/form/SchemaField';
import { prepareFormily } from '../../renderer/form/rules';
import { toFormilySchema } from '../../renderer/form/schema';
import { editValues } from '../../renderer/list/edit-values';
import { usePagePermissions } from '../../renderer/permissions';
import { cardFields, phoneFormSchema } from './card-fields';
import { readDraft, saveDraft } from './draft-store';
import { CommentSheet } from './CommentSheet';
import {
  asksComment,
  fireTransition,
  isNetworkFailure,
  recordTransitions,
  saveRecord,
  type FormEntity,
  type Row,
} from './form-records';
import { RecordHeading } from './RecordHeading';

prepareFormily();

const L = t.mobileForms;

export interface MobileRecordFormProps {
  user: string;
  entity: FormEntity;
  row: Row;
  /** Bumped by the page when drafts changed elsewhere (a sync after the network returned). */
  draftsVersion: number;
  onDraftsChanged: () => void;
  onBack: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; form: Form; restored: boolean };

/**
 * One record's form on a phone: its fields to fill and its form document, every change kept as a draft
 * on the phone; 保存 sends it (or leaves it waiting for the network), the transitions move the record.
 */
export function MobileRecordForm({ user, entity, row, onDraftsChanged, onBack }: MobileRecordFormProps) {
  const { message, modal } = feedback();
  const page = entity.page;
  const def = page.form!;
  const rowKey = page.rowKey ?? 'id';
  const id = String(row[rowKey]);
  const perms = usePagePermissions(page.permissionPrefix);
  const card = useMemo(() => cardFields(page), [page]);
  const schema = useMemo(
    () =>
      toFormilySchema(phoneFormSchema(def.schema, card), { mode: 'edit', fieldState: perms.fieldState }) ??
      {},
    [def.schema, card, perms.fieldState],
  );
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    const draftNow = readDraft(user, entity.code, id);
    editValues({ ...def, loadById: true }, page.api, { [rowKey]: id }, rowKey)
      // Offline, a record with a draft opens from the draft (it holds every value of the form).
      .catch((e: unknown) => {
        if (draftNow && isNetworkFailure(e)) return { [rowKey]: id };
        throw e;
      })
      .then(
        (values) => {
          if (!alive) return;
          const draft = readDraft(user, entity.code, id);
          const form = createForm({
            initialValues: draft ? { ...values, ...draft.values } : values,
            // Only what the user changes makes a draft (not the defaults the form fills in on opening).
            effects: () =>
              onFieldInputValueChange('*', (_field, f) => {
                saveDraft(user, entity.code, id, toJS(f.values) as Row);
                setRefused(null);
              }),
          });
          setRefused(draft?.refused ?? null);
          setLoaded({ status: 'ready', form, restored: !!draft });
        },
        (e: unknown) =>
          alive &&
          setLoaded({ status: 'error', message: e instanceof Error && e.message ? e.message : L.loadFailed }),
      );
    return () => {
      alive = false;
    };
  }, [def, page.api, rowKey, id, user, entity.code]);

  // Read on every render: the page re-renders this form when drafts change (draftsVersion).
  const draft = readDraft(user, entity.code, id);
  const transitions = recordTransitions(entity, row);

  const save = async (form: Form): Promise<boolean> => {
    try {
      await form.validate();
    } catch {
      return false; // Formily shows each field's message under it.
    }
    setBusy(true);
    try {
      const values = toJS(form.values) as Row;
      // The draft is what gets sent (also later, when the network returns).
      saveDraft(user, entity.code, id, values);
      const out = await saveRecord(user, entity, id, values);
      if (out.kind === 'saved') message.success(out.message);
      else if (out.kind === 'pending') message.warning(L.savedOffline);
      else {
        setRefused(out.message);
        void message.error(out.message);
      }
      return out.kind === 'saved';
    } finally {
      setBusy(false);
      onDraftsChanged();
    }
  };

  /** Sends unsent changes first (the transition checks what the server holds), then moves the record. */
  const run = async (form: Form, action: (typeof transitions)[number], comment?: string) => {
    if (readDraft(user, entity.code, id) && !(await save(form))) {
      message.warning(L.saveFirst);
      return;
    }
    setBusy(true);
    try {
      message.success(await fireTransition(action, id, comment));
      onBack();
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : t.common.failed;
      setRefused(text);
      void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  // A transition taking a comment (未访视 with its reason) asks for it in a sheet; the others confirm.
  const [asking, setAsking] = useState<(typeof transitions)[number] | null>(null);
  const fire = (form: Form, action: (typeof transitions)[number]) =>
    asksComment(action)
      ? setAsking(action)
      : modal.confirm({
          title: L.submitConfirmTitle(action.title),
          content: action.confirm ?? L.submitConfirm(action.title),
          onOk: () => run(form, action),
        });

  return (
    <div className="mobile-forms-record">
      <div className="mobile-forms-bar">
        <Button type="link" onClick={onBack}>
          {L.back}
        </Button>
        <span className="mobile-forms-bar-title">{entity.title}</span>
        {/* In the bar as well: the heading scrolls away while the user fills a long form. */}
        {draft?.pending && (
          <Tag className="mobile-forms-bar-tag" color="orange">
            {L.pendingSync}
          </Tag>
        )}
      </div>
      <div className="mobile-forms-record-head">
        <RecordHeading row={row} card={card} draft={draft} />
      </div>
      {loaded.status === 'loading' && (
        <Spin className="mobile-forms-spin" tip={L.loading}>
          <div />
        </Spin>
      )}
      {loaded.status === 'error' && <Alert type="error" showIcon message={loaded.message} />}
      {loaded.status === 'ready' && (
        <>
          {loaded.restored && (
            <Alert className="mobile-forms-note" type="info" showIcon message={L.draftRestored} />
          )}
          {refused && <Alert className="mobile-forms-note" type="error" showIcon message={refused} />}
          <FormProvider form={loaded.form}>
            <FormLayout layout="vertical" colon={false}>
              <SchemaField schema={schema} />
            </FormLayout>
          </FormProvider>
          {asking && (
            <CommentSheet
              action={asking}
              required={asksComment(asking)?.required ?? false}
              onCancel={() => setAsking(null)}
              onOk={(comment) => {
                setAsking(null);
                void run(loaded.form, asking, comment);
              }}
            />
          )}
          <div className="mobile-forms-actions">
            <Button block loading={busy} onClick={() => void save(loaded.form)}>
              {L.save}
            </Button>
            {transitions.map((a) => (
              <Button
                key={a.key}
                block
                type="primary"
                danger={a.danger}
                disabled={busy}
                onClick={() => fire(loaded.form, a)}
              >
                {a.title}
              </Button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
