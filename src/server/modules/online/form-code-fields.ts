import type { FastifyRequest } from 'fastify';
import type { CleanRecord } from '../../../shared/entity-record.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { badRequest } from '../../http/errors.js';
import { publishedForms } from '../form/published.js';
import type { EntityRow } from './entity-records.js';

/**
 * Fields with view sel_form hold a form's code (a visit schedule's form): a write must name a published
 * form of the caller's tenant or a file form, and lists, details and exports show the form's title as
 * `<field>_dictText`.
 */
const formCodeFields = (entity: Pick<EntityDefinition, 'fields'>) =>
  entity.fields.filter((f) => f.view === 'sel_form');

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Refuses a code that names no published form (所选表单不存在或未发布). */
export async function checkFormCodes(request: FastifyRequest, entity: EntityDefinition, record: CleanRecord) {
  const fields = formCodeFields(entity).filter((f) => given(record[f.name]));
  if (!fields.length) return;
  const { ctx } = request.server;
  const codes = [...new Set(fields.map((f) => String(record[f.name])))];
  const found = new Set(
    (await publishedForms(ctx.db.kysely, ctx.defs, request.user().tenantId, { codes })).map((f) => f.code),
  );
  for (const f of fields)
    if (!found.has(String(record[f.name])))
      throw badRequest(`${f.title}：所选表单不存在或未发布（${String(record[f.name])}）`);
}

/** Rows with `<field>_dictText` the form's title for each sel_form field; one query per page. */
export async function withFormTitles<T extends EntityRow>(
  request: FastifyRequest,
  entity: EntityDefinition,
  rows: T[],
): Promise<T[]> {
  const fields = formCodeFields(entity).map((f) => f.name);
  if (!fields.length || !rows.length) return rows;
  const codes = [
    ...new Set(
      rows.flatMap((r) =>
        fields
          .map((f) => r[f])
          .filter(given)
          .map(String),
      ),
    ),
  ];
  const { ctx } = request.server;
  const titles = new Map(
    (await publishedForms(ctx.db.kysely, ctx.defs, request.user().tenantId, { codes })).map((f) => [
      f.code,
      f.title,
    ]),
  );
  return rows.map((r) => {
    const out: EntityRow = { ...r };
    for (const f of fields) if (given(r[f])) out[`${f}_dictText`] = titles.get(String(r[f])) ?? String(r[f]);
    return out as T;
  });
}
