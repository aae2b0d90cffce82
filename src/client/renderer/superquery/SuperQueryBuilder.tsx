import { DeleteOutlined, MinusCircleOutlined, PlusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, List, Modal, Row, Select, Space } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import {
  changeRule,
  chooseField,
  flattenFields,
  fromConditions,
  newLine,
  SUPER_QUERY_RULES,
  toConditions,
  type MatchType,
  type QueryLine,
  type SavedQuery,
} from './model';
import { readSavedQueries, upsertSavedQuery, writeSavedQueries } from './saved';
import { lazyNamed } from '../../router/lazy';
import { SUPER_QUERY_WIDTH, type SuperQueryProps } from './SuperQuery';
// The value widgets (dates, pickers, popup reports) load when the builder first shows a line.
const ValueInput = lazyNamed(() => import('./ValueInput'), 'ValueInput');

const L = t.renderer.superQuery;

interface BuilderProps extends Omit<SuperQueryProps, 'active'> {
  open: boolean;
  onClose: () => void;
}

/**
 * The advanced query builder of spec §2-§5: condition lines, and/or, saved queries. Loaded when 高级查询
 * is first pressed (SuperQuery) and kept mounted afterwards, so its lines stay between openings.
 */
export function SuperQueryBuilder({ fields, storageKey, onSearch, open, onClose }: BuilderProps) {
  const flat = useMemo(() => flattenFields(fields), [fields]);
  const [lines, setLines] = useState<QueryLine[]>([]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [saved, setSaved] = useState<SavedQuery[]>(() => readSavedQueries(storageKey));
  const [naming, setNaming] = useState<string | null>(null);
  // Each opening starts with a line when there is none and re-reads the saved queries.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      if (lines.length === 0) setLines([newLine()]);
      setSaved(readSavedQueries(storageKey));
    }
  }
  const update = (key: string, next: (line: QueryLine) => QueryLine) =>
    setLines((ls) => ls.map((l) => (l.key === key ? next(l) : l)));
  const addAfter = (key?: string) =>
    setLines((ls) => {
      const i = key ? ls.findIndex((l) => l.key === key) : ls.length - 1;
      const next = [...ls];
      next.splice(i + 1, 0, newLine());
      return next;
    });
  const remove = (key: string) => setLines((ls) => ls.filter((l) => l.key !== key));

  const search = () => {
    const conditions = toConditions(lines);
    if (conditions.length === 0) {
      feedback().message.warning(L.emptyQuery);
      return;
    }
    onSearch(conditions, matchType);
    onClose();
  };
  const reset = () => {
    setLines([newLine()]);
    setMatchType('and');
    onSearch([], 'and');
  };

  const askSave = () => {
    if (toConditions(lines).length === 0) {
      feedback().message.warning(L.emptySave);
      return;
    }
    setNaming('');
  };
  const save = () => {
    const title = (naming ?? '').trim();
    if (!title) {
      feedback().message.warning(L.emptyName);
      return;
    }
    const entry: SavedQuery = { title, matchType, records: toConditions(lines) };
    const store = () => {
      const next = upsertSavedQuery(readSavedQueries(storageKey), entry);
      writeSavedQueries(storageKey, next);
      setSaved(next);
      setNaming(null);
      feedback().message.success(L.savedOk);
    };
    if (saved.some((q) => q.title === title)) {
      feedback().modal.confirm({ title: L.deleteTitle, content: L.overwrite(title), onOk: store });
    } else {
      store();
    }
  };
  const load = (q: SavedQuery) => {
    setLines(q.records.length ? fromConditions(q.records, flat) : [newLine()]);
    setMatchType(q.matchType === 'or' ? 'or' : 'and');
  };
  const removeSaved = (q: SavedQuery) => {
    feedback().modal.confirm({
      title: L.deleteTitle,
      content: L.confirmDelete,
      onOk: () => {
        const next = readSavedQueries(storageKey).filter((s) => s.title !== q.title);
        writeSavedQueries(storageKey, next);
        setSaved(next);
        feedback().message.success(L.deleted);
      },
    });
  };

  return (
    <>
      <Modal
        title={L.title}
        open={open}
        width={SUPER_QUERY_WIDTH}
        style={{ top: '5%' }}
        onCancel={() => onClose()}
        footer={
          <Row justify="space-between" align="middle">
            <Space>
              <span>{L.matchType}</span>
              <Select<MatchType>
                style={{ width: 260 }}
                value={matchType}
                onChange={setMatchType}
                aria-label={L.matchType}
                options={[
                  { value: 'and', label: L.and },
                  { value: 'or', label: L.or },
                ]}
              />
            </Space>
            <Space>
              <Button onClick={reset}>{L.reset}</Button>
              <Button onClick={askSave}>{L.save}</Button>
              <Button onClick={() => onClose()}>{L.close}</Button>
              <Button type="primary" onClick={search}>
                {L.search}
              </Button>
            </Space>
          </Row>
        }
      >
        {/* Under 768 px the saved queries go below the lines and a line's field takes a row of its own. */}
        <Row gutter={[16, 16]}>
          <Col xs={24} md={18}>
            {lines.length === 0 ? (
              <Empty description={L.empty}>
                <Button icon={<PlusOutlined />} onClick={() => addAfter()}>
                  {L.addLine}
                </Button>
              </Empty>
            ) : (
              lines.map((line) => (
                <Row key={line.key} gutter={[8, 8]} style={{ marginBottom: 12 }} data-testid="super-query-line">
                  <Col xs={24} md={8}>
                    <Select
                      style={{ width: '100%' }}
                      showSearch
                      optionFilterProp="label"
                      placeholder={L.field}
                      aria-label={L.field}
                      value={line.field}
                      options={flat.map((f) => ({ value: f.value, label: f.label }))}
                      onChange={(v: string) =>
                        update(line.key, (l) =>
                          chooseField(
                            l,
                            flat.find((f) => f.value === v),
                          ),
                        )
                      }
                    />
                  </Col>
                  <Col xs={8} md={5}>
                    <Select
                      style={{ width: '100%' }}
                      aria-label={L.rule}
                      value={line.rule}
                      options={SUPER_QUERY_RULES.map((r) => ({ value: r, label: L.rules[r] }))}
                      onChange={(r) => update(line.key, (l) => changeRule(l, r))}
                    />
                  </Col>
                  <Col xs={16} md={8}>
                    <Suspense fallback={<Input disabled />}>
                      <ValueInput line={line} onChange={(val) => update(line.key, (l) => ({ ...l, val }))} />
                    </Suspense>
                  </Col>
                  <Col xs={24} md={3}>
                    <Space>
                      <Button
                        type="text"
                        icon={<PlusCircleOutlined />}
                        aria-label={L.addLine}
                        onClick={() => addAfter(line.key)}
                      />
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        aria-label={L.removeLine}
                        onClick={() => remove(line.key)}
                      />
                    </Space>
                  </Col>
                </Row>
              ))
            )}
          </Col>
          <Col xs={24} md={6}>
            <List
              size="small"
              bordered
              header={L.savedTitle}
              locale={{ emptyText: L.noSaved }}
              dataSource={saved}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Button
                      key="del"
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={`${t.common.delete}${q.title}`}
                      onClick={() => removeSaved(q)}
                    />,
                  ]}
                >
                  <a onClick={() => load(q)}>{q.title}</a>
                </List.Item>
              )}
            />
          </Col>
        </Row>
      </Modal>
      <Modal
        title={L.saveTitle}
        open={naming !== null}
        onCancel={() => setNaming(null)}
        onOk={save}
        okText={t.common.ok}
        cancelText={t.common.cancel}
      >
        <Input
          value={naming ?? ''}
          placeholder={L.saveName}
          aria-label={L.saveName}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={save}
        />
      </Modal>
    </>
  );
}
