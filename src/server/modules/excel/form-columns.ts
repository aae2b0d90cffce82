import type { FastifyRequest } from 'fastify';
import { formDataFields } from '../../../shared/form-fields.js';
import type { FormSchema } from '../../../shared/schema-types.js';
import { callerDictItems } from '../dict/dict-items.js';
import { resolveForm, type ResolvedForm } from '../form/resolve.js';
import { canonicalJson, formFields } from '../online/form-documents.js';
import type { EntityModel } from '../online/entity-model.js';
import type { SheetColumn } from './workbook.js';

/**
 * Exports of entities with form fields (动态表单) for analysis: instead of the document's JSON, one column
 * per field of the form each row was entered with. Rows of several forms or versions get the union of
 * their fields — the newest version's order first, then fields only older versions (or other forms) have.
 * Option fields (enum, dictionary) show their text, or with `formValues=code` the stored codes; a child
 * table is one column, its rows joined readably (恩替卡韦 0.5mg；阿司匹林 100mg).
 */

export type FormValuesAs = 'text' | 'code';

type Row = Record<string, unknown>;
/** Code → text of one field's options. */
type Options = Map<string, string>;

const blank = (v: unknown) => v === undefined || v === null || v === '';
const TABLE_ROW_SEPARATOR = '；';

const documentOf = (raw: unknown): Row => {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Row;
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {};
  } catch {
    return {};
  }
};

/** The fields of a form level and, for options and child tables, what a cell needs to show them. */
interface ShownField {
  name: string;
  title: string;
  node: FormSchema;
  columns?: ShownField[];
}

const shownFields = (schema: FormSchema): ShownField[] =>
  formDataFields(schema).map(({ name, node, table }) => ({
    name,
    title: node.title ?? name,
    node,
    ...(table && node.items ? { columns: shownFields(node.items) } : {}),
  }));

const dictCodeOf = (node: FormSchema): string | undefined => {
  const code = node['x-component-props']?.dictCode;
  return typeof code === 'string' && code ? code : undefined;
};

/** Text of the options the caller may read, per dictionary a form names, for the values the rows hold. */
async function dictTexts(
  request: FastifyRequest,
  wanted: Map<string, Set<string>>,
): Promise<Map<string, Options>> {
  const out = new Map<string, Options>();
  for (const [code, values] of wanted) {
    const map: Options = new Map();
    const list = [...values];
    for (let i = 0; i < list.length; i += 200)
      for (const it of await callerDictItems(request, code, { values: list.slice(i, i + 200) }))
        map.set(String(it.value), it.text);
    out.set(code, map);
  }
  return out;
}

const enumOptions = (node: FormSchema): Options | undefined =>
  node.enum?.length
    ? new Map(
        node.enum.map((o) =>
          o !== null && typeof o === 'object' ? [String(o.value), o.label] : [String(o), String(o)],
        ),
      )
    : undefined;

/** One value as a cell: options as text (or codes), several picks joined by commas, objects as JSON. */
function cellOf(field: ShownField, value: unknown, as: FormValuesAs, dicts: Map<string, Options>): unknown {
  if (blank(value)) return null;
  if (field.columns) {
    if (!Array.isArray(value)) return canonicalJson(value);
    const columns = field.columns;
    const rows = value.map((row) => {
      const doc = documentOf(row);
      return columns
        .map((c) => cellOf(c, doc[c.name], as, dicts))
        .filter((v) => !blank(v))
        .join(' ');
    });
    return rows.filter(Boolean).join(TABLE_ROW_SEPARATOR) || null;
  }
  const code = dictCodeOf(field.node);
  const options =
    as === 'text' ? (enumOptions(field.node) ?? (code ? dicts.get(code) : undefined)) : undefined;
  const one = (v: unknown) => {
    if (typeof v === 'boolean' && as === 'text') return v ? '是' : '否';
    return options?.get(String(v)) ?? v;
  };
  if (Array.isArray(value)) {
    if (!value.every((v) => v === null || typeof v !== 'object')) return canonicalJson(value);
    return value.map((v) => String(one(v))).join(',');
  }
  if (typeof value === 'object') return canonicalJson(value);
  return one(value);
}

/** The dictionary values the documents use, per dictionary code (child-table columns included). */
function collectDictValues(fields: ShownField[], doc: Row, into: Map<string, Set<string>>) {
  for (const f of fields) {
    const v = doc[f.name];
    if (blank(v)) continue;
    if (f.columns) {
      if (Array.isArray(v)) for (const row of v) collectDictValues(f.columns, documentOf(row), into);
      continue;
    }
    const code = dictCodeOf(f.node);
    if (!code) continue;
    const set = into.get(code) ?? new Set<string>();
    for (const x of Array.isArray(v) ? v : [v]) if (!blank(x) && typeof x !== 'object') set.add(String(x));
    into.set(code, set);
  }
}

/**
 * The form columns of one export sheet. `rows` takes the stored rows (batch by batch; before dictionary
 * and ref text replace the code and version fields) and gives them with each document spread into keys
 * `<field>.<form field>`; `columns` then replaces each form field's column by the columns of every form
 * and version the rows held. Headers are the form fields' titles, prefixed with the entity field's title
 * when the entity has several form fields.
 */
export function formExport(request: FastifyRequest, model: EntityModel, as: FormValuesAs) {
  const fields = formFields(model.entity);
  const { ctx } = request.server;
  const tenantId = request.user().tenantId;
  const forms = new Map<string, { form: ResolvedForm; shown: ShownField[] } | null>();
  /** Per form field, the forms its rows were entered with. */
  const met = new Map<string, Set<{ form: ResolvedForm; shown: ShownField[] }>>(
    fields.map((f) => [f.name, new Set()]),
  );
  const formOf = async (code: unknown, version: unknown) => {
    if (blank(code)) return null;
    const wanted = blank(version) ? undefined : Number(version);
    const key = `${String(code)}@${wanted ?? ''}`;
    if (!forms.has(key)) {
      const form = await resolveForm(ctx.db.kysely, ctx.defs, tenantId, String(code), wanted);
      forms.set(key, form ? { form, shown: shownFields(form.definition.schema) } : null);
    }
    return forms.get(key) ?? null;
  };

  return {
    async rows(rows: Row[]): Promise<Row[]> {
      if (!fields.length) return rows;
      const out: Row[] = rows.map((r) => ({ ...r }));
      for (const f of fields) {
        const perRow = [];
        for (const r of rows)
          perRow.push({
            form: await formOf(r[f.form.codeField], r[f.form.versionField]),
            doc: documentOf(r[f.name]),
          });
        const wanted = new Map<string, Set<string>>();
        for (const p of perRow) {
          if (!p.form) continue;
          met.get(f.name)?.add(p.form);
          if (as === 'text') collectDictValues(p.form.shown, p.doc, wanted);
        }
        const dicts = await dictTexts(request, wanted);
        perRow.forEach((p, i) => {
          delete out[i][f.name];
          // A row is shown with its own version's fields (their options and child-table columns).
          for (const s of p.form?.shown ?? [])
            out[i][`${f.name}.${s.name}`] = cellOf(s, p.doc[s.name], as, dicts);
        });
      }
      return out;
    },

    columns(columns: SheetColumn[]): SheetColumn[] {
      const titles = new Set(columns.map((c) => c.title));
      const prefix = fields.length > 1;
      return columns.flatMap((c) => {
        const f = fields.find((x) => x.name === c.key);
        if (!f) return [c];
        // Forms per code as first met, the newest version first; the union of their fields by name.
        const list = [...(met.get(f.name) ?? [])];
        const codes = [...new Set(list.map((m) => m.form.definition.code))];
        list.sort(
          (a, b) =>
            codes.indexOf(a.form.definition.code) - codes.indexOf(b.form.definition.code) ||
            b.form.version - a.form.version,
        );
        const union = new Map<string, ShownField>();
        for (const m of list) for (const s of m.shown) if (!union.has(s.name)) union.set(s.name, s);
        return [...union.values()].map((s) => {
          const base = prefix ? `${f.title}·${s.title}` : s.title;
          // A title two columns share gets the field name, so every header names one column.
          const title = titles.has(base) ? `${base}（${s.name}）` : base;
          titles.add(title);
          return { key: `${f.name}.${s.name}`, title };
        });
      });
    },
  };
}
