import { Card } from 'antd';
import { createRoot } from 'react-dom/client';
import '../../../src/client/global.css';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { useDefinitionForm } from '../../../src/client/renderer/form/useDefinitionForm';
import { ok } from '../../../src/shared/envelope';
import { recordKeys, recordLongTasks, startMount, whenPainted, type LongTask } from '../page-probe';
import './api';
import { PeerFormPage } from './peer';
import { benchForm, FIELD_COUNT, LAST_FIELD, placeholderOf } from './schema';

/**
 * A page form as the console builds it (useDefinitionForm: the definition turned into a Formily schema,
 * our widget registry, FormLayout), inside a Card as FormPage shows it, in add mode (no starting values);
 * `?impl=formily` renders the peer instead, the same form as a plain Formily schema (peer.tsx).
 */
const peer = new URLSearchParams(location.search).get('impl') === 'formily';
const { form: definition, required, rules } = benchForm();
const START: Record<string, unknown> = {};
const editable = () => 'editable' as const;
const submit = () => Promise.resolve(ok(null));
const noop = () => undefined;

function BenchFormPage() {
  const { body } = useDefinitionForm({
    active: true,
    form: definition,
    mode: 'add',
    values: START,
    fieldState: editable,
    submit,
    onSaved: noop,
  });
  return <Card title={definition.title}>{body}</Card>;
}

const longTasks: LongTask[] = [];
recordLongTasks(longTasks);
const keys: number[] = [];
recordKeys(keys);

startMount();
window.__form = {
  production: import.meta.env.PROD,
  fields: FIELD_COUNT,
  required,
  rules,
  mounted: whenPainted(`input[placeholder="${placeholderOf(LAST_FIELD)}"]`),
  longTasks,
  keys,
  itemCount: () => document.querySelectorAll('.ant-formily-item').length,
  requiredShown(title) {
    const item = [...document.querySelectorAll('.ant-formily-item')].find(
      (el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === title,
    );
    return !!item?.querySelector('.ant-formily-item-asterisk');
  },
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider>{peer ? <PeerFormPage definition={definition} /> : <BenchFormPage />}</ThemeProvider>,
);
