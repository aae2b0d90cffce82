import { Alert, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { childrenOfEntity, type ChildDefinition } from '../../widgets/child-table/child-definition';
import { Cell } from '../list/cells';

type Row = Record<string, unknown>;

interface Loaded {
  key: string;
  tables: Array<{ def: ChildDefinition; rows: Row[] }>;
  error?: string;
}

const ONLINE_API = '/online/cgform/api';

/**
 * The child tables of a master-detail record, read-only under their headings (parent.title). The
 * record is read again through queryById, which carries the children ordered by position; an entity
 * without children shows nothing.
 */
export function DetailChildren({ entity, id, row }: { entity: string; id: string; row?: Row }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${entity}/${id}`;
  useEffect(() => {
    let alive = true;
    (async () => {
      const defs = await childrenOfEntity(entity).catch(() => [] as ChildDefinition[]);
      if (defs.length === 0) return { key, tables: [] };
      // The list row has no children: the record as queryById answers it has them.
      const full =
        row && defs.every((d) => Array.isArray(row[d.code]))
          ? row
          : await getAction<Row>(`${ONLINE_API}/form/${entity}/${encodeURIComponent(id)}`).then((res) =>
              res.success ? res.result : null,
            );
      if (!full) return { key, tables: [], error: t.children.loadFailed };
      return {
        key,
        tables: defs.map((def) => ({
          def,
          rows: Array.isArray(full[def.code]) ? (full[def.code] as Row[]) : [],
        })),
      };
    })()
      .catch(() => ({ key, tables: [], error: t.children.loadFailed }))
      .then((l) => alive && setLoaded(l));
    return () => {
      alive = false;
    };
  }, [entity, id, key, row]);

  if (!loaded || loaded.key !== key) return null;
  if (loaded.error) return <Alert type="warning" showIcon message={loaded.error} style={{ marginTop: 16 }} />;
  return (
    <>
      {loaded.tables.map(({ def, rows }) =>
        def.pick ? (
          // A junction (many-to-many) reads as the picked targets' names, not as a table.
          <section key={def.code} className="detail-children" data-detail-children={def.code}>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {def.title}
            </Typography.Title>
            <Typography.Text>
              {rows.map((r) => String(r[`${def.pick}_dictText`] ?? '')).join('、') || t.children.empty}
            </Typography.Text>
          </section>
        ) : (
          <section key={def.code} className="detail-children" data-detail-children={def.code}>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {def.title}
            </Typography.Title>
            <Table<Row>
              size="small"
              bordered
              rowKey={(r) => String(r.id)}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t.children.empty }}
              columns={[
                { title: '#', key: '#', width: 48, render: (_v, _r, i) => i + 1 },
                ...def.fields.map((f) => ({
                  title: f.title,
                  key: f.name,
                  render: (_v: unknown, r: Row) => <Cell row={r} field={f.name} dict={f.dictCode} />,
                })),
              ]}
            />
          </section>
        ),
      )}
    </>
  );
}
