import { Alert, Descriptions, Input, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { checkCron, checkCronState, defaultCronState, printCron, type CronState, type PlainFieldName } from '../../../shared/cron';
import { t } from '../../locale/zh-CN';
import { DayPanel } from './DayPanel';
import { PlainFieldPanel } from './PlainFieldPanel';
import { describeCron, nextRunTimes } from './schedule';

export interface CronEditorProps {
  value?: string;
  onChange?: (expression: string) => void;
}

type Preview = { ok: true; description: string; runs: string[] } | { ok: false; error: string };

function preview(expression: string, state: CronState | null): Preview {
  const errors = state ? checkCronState(state) : [];
  if (errors.length) return { ok: false, error: errors[0] };
  try {
    return { ok: true, description: describeCron(expression), runs: nextRunTimes(expression, 5) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The cron editor: one tab per field (week lives in the day tab's eleven modes), the expression as
 * editable text, its Chinese meaning and the next five run times. Text and tabs stay in step both ways.
 */
export function CronEditor({ value, onChange }: CronEditorProps) {
  const initial = useMemo(() => {
    const r = checkCron(value ?? '');
    return r.ok ? r.state : defaultCronState();
  }, [value]);
  const [state, setState] = useState<CronState>(initial);
  const [text, setText] = useState<string>(value || printCron(initial));
  const [textError, setTextError] = useState<string | null>(null);

  const applyState = (next: CronState) => {
    setState(next);
    const expression = printCron(next);
    setText(expression);
    setTextError(null);
    onChange?.(expression);
  };

  const applyText = (raw: string) => {
    setText(raw);
    const r = checkCron(raw);
    if (r.ok) {
      setState(r.state);
      setTextError(null);
      onChange?.(printCron(r.state));
    } else setTextError(r.error);
  };

  const expression = printCron(state);
  const shown = textError ? { ok: false as const, error: textError } : preview(expression, state);
  const c = t.widgets.cron;
  const plain = (name: PlainFieldName) => ({
    key: name,
    label: c.tabs[name],
    children: <PlainFieldPanel name={name} value={state[name]} onChange={(f) => applyState({ ...state, [name]: f })} />,
  });

  return (
    <div className="j-cron-editor">
      <Tabs
        size="small"
        destroyOnHidden
        items={[
          plain('second'),
          plain('minute'),
          plain('hour'),
          {
            key: 'day',
            label: c.tabs.day,
            children: <DayPanel day={state.day} week={state.week} onChange={(day, week) => applyState({ ...state, day, week })} />,
          },
          plain('month'),
          plain('year'),
        ]}
      />
      <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={c.expression}>
          <Input aria-label={c.expression} value={text} status={textError ? 'error' : undefined} onChange={(e) => applyText(e.target.value)} />
        </Descriptions.Item>
        {shown.ok ? (
          <>
            <Descriptions.Item label={c.description}>
              <span className="j-cron-description">{shown.description}</span>
            </Descriptions.Item>
            <Descriptions.Item label={c.nextRuns}>
              {shown.runs.length ? (
                <ol className="j-cron-runs" style={{ margin: 0, paddingLeft: 20 }}>
                  {shown.runs.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ol>
              ) : (
                c.noRuns
              )}
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
      {!shown.ok ? <Alert style={{ marginTop: 8 }} type="error" showIcon message={c.invalid} description={shown.error} /> : null}
    </div>
  );
}
