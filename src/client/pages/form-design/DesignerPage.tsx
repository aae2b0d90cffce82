import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Alert, Button, Card, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { usePagePermissions } from '../../renderer/permissions';
import { NotLoaded, unwrap, useLoad } from '../data-apply/useLoad';
import { checkForm, designerForm, getForm, publishForm, saveForm } from './api';
import { Canvas, parseDrag, parseSlot } from './Canvas';
import { getNode, orderedChildren } from './model';
import { NewFormDialog } from './NewFormDialog';
import { Palette } from './PalettePane';
import { designerPath, FORM_LIST_PATH, FORM_PERMS } from './paths';
import { Preview } from './Preview';
import { ProblemList } from './ProblemList';
import { PropertyPanel } from './PropertyPanel';
import {
  addFromPalette,
  blankDefinition,
  isDirty,
  markSaved,
  moveField,
  openDefinition,
  setProblems,
  useDesigner,
} from './store';
import './designer.css';

const L = t.formDesign;

interface Opened {
  source: 'file' | 'db' | 'new';
  version: number | null;
  status: 'draft' | 'published' | null;
}

/** Loads what the address names into the designer's store: a stored or file form, a new one or a copy. */
async function open(
  code: string,
  title: string | null,
  copy: string | null,
  canDesign: boolean,
): Promise<Opened> {
  const stored = await designerForm(code);
  if (stored) {
    openDefinition(stored.definition, stored.source === 'file' || !canDesign);
    return { source: stored.source, version: stored.version, status: stored.status };
  }
  // A new form (新建, 复制为新表单) until it is first saved; then the same address opens the draft.
  if (!title) throw new Error(L.notFound);
  const from = copy ? (await unwrap(getForm(copy))).definition : null;
  const definition = from ? { ...from, code, title, version: undefined } : blankDefinition(code, title);
  // Nothing of it is stored yet: the whole form is unsaved work.
  openDefinition(definition, false, { ...definition, title: '' });
  return { source: 'new', version: null, status: null };
}

/** 表单设计器 (/dynamicForm/designer?code=): palette, canvas and properties; preview; JSON; save, check, publish. */
export default function DesignerPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const perms = usePagePermissions(undefined);
  const canDesign = perms.has(FORM_PERMS.design);
  const code = search.get('code') ?? '';
  const title = search.get('title');
  const copy = search.get('copy');
  const [reloads, setReloads] = useState(0);
  const loadKey = `${code}/${title}/${copy}/${reloads}`;
  const { loaded } = useLoad(() => open(code, title, copy, canDesign), loadKey, !!code);
  // What a save changed since the form was loaded (the draft's version), for this load only.
  const [savedAs, setSavedAs] = useState<{ key: string; value: Opened } | null>(null);
  const definition = useDesigner((s) => s.definition);
  const readOnly = useDesigner((s) => s.readOnly);
  const dirty = useDesigner(isDirty);
  const [busy, setBusy] = useState<'save' | 'check' | 'publish' | null>(null);
  const [tab, setTab] = useState('design');
  const [copying, setCopying] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  // Leaving the browser page with unsaved work asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!code) return <Alert type="warning" showIcon message={L.codeRequired} />;
  if (loaded.status !== 'ok' || !definition)
    return <NotLoaded loaded={loaded} onRetry={() => setReloads((n) => n + 1)} />;
  const info = savedAs?.key === loadKey ? savedAs.value : loaded.value;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const source = parseDrag(String(active.id));
    const slot = over ? parseSlot(String(over.id)) : null;
    if (!source || !slot) return;
    if (source.kind === 'palette') return addFromPalette(source.id, slot.container, slot.index);
    const parent = source.path.slice(0, -1);
    const same = parent.length === slot.container.length && parent.every((k, i) => k === slot.container[i]);
    const siblings = orderedChildren(getNode(useDesigner.getState().definition!.schema, parent) ?? {});
    const from = same ? siblings.findIndex(([k]) => k === source.path[source.path.length - 1]) : -1;
    // A slot counts the moved field itself; the move's index does not.
    moveField(source.path, slot.container, from >= 0 && from < slot.index ? slot.index - 1 : slot.index);
  };

  const save = async () => {
    setBusy('save');
    try {
      const answer = await saveForm(useDesigner.getState().definition!);
      if (!answer.ok) {
        setProblems(answer.problems);
        if (!answer.problems.length) feedback().message.warning(answer.message);
        return;
      }
      setProblems([]);
      markSaved();
      feedback().message.success(L.saved(answer.version));
      setSavedAs({ key: loadKey, value: { source: 'db', version: answer.version, status: 'draft' } });
    } catch {
      // The HTTP client has shown the failure.
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy('check');
    try {
      const res = await checkForm(useDesigner.getState().definition!);
      if (!res.success) return void feedback().message.warning(res.message);
      setProblems(res.result.problems);
      if (!res.result.problems.length) feedback().message.success(L.checkOk);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    setBusy('publish');
    try {
      const res = await publishForm(code);
      if (!res.success) return void feedback().message.warning(res.message);
      feedback().message.success(L.published(res.result.version));
      setReloads((n) => n + 1);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  const leave = () => navigate(FORM_LIST_PATH);
  const canPublish = !readOnly && info.status === 'draft' && !dirty && perms.has(FORM_PERMS.publish);

  return (
    <Card
      className="fd-page"
      data-testid="fd-page"
      title={
        <Space size={8} wrap>
          <span>{definition.title || L.designerTitle}</span>
          <Typography.Text type="secondary">{definition.code}</Typography.Text>
          {info.version ? (
            <Tag color={info.status === 'published' ? 'green' : 'orange'}>
              {`${L.versionText(info.version)} ${L.statuses[info.status ?? ''] ?? ''}`}
            </Tag>
          ) : null}
          {info.source === 'file' ? <Tag>{L.sources.file}</Tag> : null}
        </Space>
      }
      extra={
        <Space wrap>
          {dirty ? (
            <Popconfirm title={L.unsaved} onConfirm={leave}>
              <Button>{L.back}</Button>
            </Popconfirm>
          ) : (
            <Button onClick={leave}>{L.back}</Button>
          )}
          {info.source === 'file' && canDesign ? (
            <Button onClick={() => setCopying(true)}>{L.copy}</Button>
          ) : null}
          {!readOnly ? (
            <>
              <Button loading={busy === 'check'} onClick={() => void check()}>
                {L.check}
              </Button>
              <Button type="primary" loading={busy === 'save'} onClick={() => void save()}>
                {L.saveDraft}
              </Button>
            </>
          ) : null}
          {canPublish ? (
            <Popconfirm title={L.publishConfirm(code, info.version!)} onConfirm={() => void publish()}>
              <Button loading={busy === 'publish'}>{L.publish}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      }
    >
      {readOnly && info.source === 'file' ? (
        <Alert type="info" showIcon message={L.readOnlyFile} style={{ marginBottom: 12 }} />
      ) : null}
      {copying ? (
        <NewFormDialog
          copyOf={definition}
          onCancel={() => setCopying(false)}
          onOk={(v) => {
            setCopying(false);
            navigate(designerPath(v.code, { title: v.title, copy: code }));
          }}
        />
      ) : null}
      <ProblemList />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'design',
            label: L.tabs.design,
            children: (
              <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
                <div className="fd-panes">
                  <Palette disabled={readOnly} />
                  <Canvas />
                  <div className="fd-props">
                    <PropertyPanel />
                  </div>
                </div>
              </DndContext>
            ),
          },
          { key: 'preview', label: L.tabs.preview, children: <Preview definition={definition} /> },
          {
            key: 'json',
            label: L.tabs.json,
            children: (
              <pre className="fd-json" data-testid="fd-json">
                {JSON.stringify(definition, null, 2)}
              </pre>
            ),
          },
        ]}
      />
    </Card>
  );
}
