import { Alert, Card, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { fillPath, pageApi } from '../definition/api';
import type { PageDefinition } from '../definition/types';
import { DetailChildren } from './DetailChildren';
import { ChangeHistory } from '../history/ChangeHistory';
import { DetailDescriptions, detailColumns, detailItems } from './DetailView';

type Row = Record<string, unknown>;

/** A detail page: the record named by `?id=`, read through queryById, as labelled values. */
export function DetailPage({ page, routeCode }: { page: PageDefinition; routeCode?: string }) {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const [answer, setAnswer] = useState<{ id: string; row?: Row; error?: string } | null>(null);
  const api = pageApi(page.api, 'queryById');
  const url = api?.url;
  const method = api?.method;

  useEffect(() => {
    if (!url || !method) return;
    let alive = true;
    const filled = fillPath(url, { id, code: routeCode });
    httpAction<Row>(filled.url, filled.used.has('id') ? {} : { id }, method)
      .then(
        (res) =>
          alive &&
          setAnswer(
            res.success && res.result
              ? { id, row: res.result }
              : { id, error: res.message || t.renderer.form.loadFailed },
          ),
      )
      .catch(() => alive && setAnswer({ id, error: t.renderer.form.loadFailed }));
    return () => {
      alive = false;
    };
  }, [url, method, id, routeCode]);

  const state = answer?.id === id ? answer : null;

  if (!api) return <Alert type="error" showIcon message={t.renderer.config.queryByIdUrlMissing} />;
  if (!state) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (state.error || !state.row) return <Alert type="error" showIcon message={state.error} />;
  return (
    <Card title={page.title}>
      <DetailDescriptions
        row={state.row}
        items={detailItems(page.detail, page.columns ?? [])}
        columns={detailColumns(page.detail)}
        entity={page.entity}
      />
      {page.entity ? <DetailChildren entity={page.entity} id={id} row={state.row} /> : null}
      {page.entity ? (
        <Card type="inner" size="small" title={t.history.tab} style={{ marginTop: 16 }}>
          <ChangeHistory table={page.entity} recordId={id} />
        </Card>
      ) : null}
    </Card>
  );
}
