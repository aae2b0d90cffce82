import type { FastifyRequest } from 'fastify';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { trackSystemWrite } from '../history/system-change.js';
import type { ImportTarget } from './import-engine.js';
import { dictLookup, RowReader } from './list-sheet.js';
import { readRows } from './system-imports.js';
import { readSheet, type SheetColumn, type SheetSpec } from './workbook.js';

/**
 * Dictionaries in Excel as master and detail (the original's SysDictPage with its item list): the
 * first sheet the dictionaries, the second their items, each item naming its dictionary by code.
 */

const ITEM_TITLE = '字典项';

const ITEM_COLUMNS: SheetColumn[] = [
  { key: 'dictCode', title: '字典编码', width: 20 },
  { key: 'itemText', title: '名称', width: 20 },
  { key: 'itemValue', title: '数据值', width: 20 },
  { key: 'description', title: '描述', width: 30 },
  { key: 'sortOrder', title: '排序' },
  { key: 'status', title: '状态' },
];

/** The items of the exported dictionaries, in their order, status as its text. */
export async function dictItemSheet(
  ctx: AppContext,
  dicts: Array<Record<string, unknown>>,
): Promise<SheetSpec> {
  const db = ctx.db.kysely;
  const texts = new Map<string, string>();
  for (const [k, v] of await dictLookup(ctx, 'dict_item_status')) if (k !== v) texts.set(v, k);
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < dicts.length; i += 500) {
    const part = dicts.slice(i, i + 500);
    const items = await db
      .selectFrom('sysDictItem')
      .selectAll()
      .where(
        'dictId',
        'in',
        part.map((d) => String(d.id)),
      )
      .orderBy('sortOrder')
      .orderBy('itemValue')
      .execute();
    for (const d of part)
      for (const it of items.filter((x) => x.dictId === d.id))
        rows.push({ ...it, dictCode: d.dictCode, status: texts.get(String(it.status)) ?? it.status });
  }
  return { title: ITEM_TITLE, columns: ITEM_COLUMNS, rows };
}

const DICT_COLUMNS: SheetColumn[] = [
  { key: 'dictName', title: '字典名称' },
  { key: 'dictCode', title: '字典编码' },
  { key: 'description', title: '描述' },
];

interface NewItem {
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

interface NewDict {
  dictName: string;
  dictCode: string;
  description: string | null;
  items: NewItem[];
}

/**
 * Dictionary import: new dictionaries (a code already used, even by one in the recycle bin, is refused)
 * with the items of the second sheet, checked as the dictionary and item forms check them; a bad item
 * refuses its dictionary, an item naming no dictionary of the file is an error of its own.
 */
export function dictImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewDict> {
  const db = ctx.db.kysely;
  const sheetErrors: string[] = [];
  return {
    columns: DICT_COLUMNS,
    sheetErrors: () => [...sheetErrors],
    async prepare(rows, content) {
      sheetErrors.length = 0;
      const prepared = await readRows(
        ctx,
        rows,
        DICT_COLUMNS,
        async () => null,
        (row): NewDict | null => {
          const dictName = row.text('dictName', { required: true, max: 100 });
          const dictCode = row.text('dictCode', {
            required: true,
            max: 100,
            pattern: /^[A-Za-z0-9_.-]+$/,
            format: '只能包含字母、数字、下划线、点和短横线',
          });
          const description = row.text('description', { max: 255 });
          return dictName && dictCode ? { dictName, dictCode, description, items: [] } : null;
        },
        { table: 'sys_dict', column: 'dict_code', title: '字典编码', key: (r) => r.dictCode },
      );
      const owners = new Map<string, number>();
      rows.forEach((r, i) => {
        const code = String(r.values.dictCode ?? '').trim();
        if (code && !owners.has(code)) owners.set(code, i);
      });
      const { rows: itemRows } = await readSheet(content, ITEM_COLUMNS, 1);
      const statuses = await dictLookup(ctx, 'dict_item_status');
      const refused: string[][] = rows.map(() => []);
      const values: Array<Set<string>> = rows.map(() => new Set());
      for (const r of itemRows) {
        const where = `${ITEM_TITLE}第 ${r.number} 行：`;
        const code = String(r.values.dictCode ?? '').trim();
        const owner = owners.get(code);
        if (owner === undefined) {
          sheetErrors.push(`${where}找不到字典编码为“${code}”的字典`);
          continue;
        }
        const row = new RowReader(r.values, ITEM_COLUMNS);
        const itemText = row.text('itemText', { required: true, max: 100 });
        const itemValue = row.text('itemValue', {
          required: true,
          max: 100,
          pattern: /^[^,]+$/,
          format: '不能包含逗号',
        });
        const description = row.text('description', { max: 255 });
        const sortOrder = row.int('sortOrder', -100_000, 100_000);
        const status = row.dict('status', statuses);
        if (itemValue && values[owner].has(itemValue)) row.fail('itemValue', `“${itemValue}”在该字典中重复`);
        if (itemValue) values[owner].add(itemValue);
        const p = prepared[owner];
        if (row.errors.length || !itemText || !itemValue)
          refused[owner].push(`${where}${row.errors.join('；')}`);
        else if ('record' in p)
          p.record.items.push({
            itemText,
            itemValue,
            description,
            sortOrder: sortOrder ?? 1,
            status: status === null ? 1 : Number(status),
          });
      }
      prepared.forEach((p, i) => {
        if (refused[i].length) prepared[i] = { errors: [...('errors' in p ? p.errors : []), ...refused[i]] };
      });
      return prepared;
    },
    async insert(records) {
      const session = request.user();
      const audit = {
        createBy: session.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      };
      const dicts = records.map((r) => ({
        id: newId(),
        dictName: r.dictName,
        dictCode: r.dictCode,
        description: r.description,
        type: 0,
        delFlag: 0,
        ...audit,
      }));
      const items = records.flatMap((r, i) =>
        r.items.map((it) => ({ id: newId(), dictId: dicts[i].id, ...it, ...audit })),
      );
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < dicts.length; i += 200) {
          const part = dicts.slice(i, i + 200);
          await trackSystemWrite(
            trx,
            request,
            'sys_dict',
            part.map((d) => d.id),
            'import',
            () => trx.insertInto('sysDict').values(part).execute(),
          );
        }
        for (let i = 0; i < items.length; i += 200) {
          const part = items.slice(i, i + 200);
          await trackSystemWrite(
            trx,
            request,
            'sys_dict_item',
            part.map((d) => d.id),
            'import',
            () => trx.insertInto('sysDictItem').values(part).execute(),
          );
        }
      });
      request.log.info(
        { dicts: dicts.length, items: items.length, by: session.userId },
        'dictionaries imported',
      );
    },
  };
}
