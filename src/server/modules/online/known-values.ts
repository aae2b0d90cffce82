import type { FastifyRequest } from 'fastify';
import type { CleanRecord, FieldError } from '../../../shared/entity-record.js';
import { badRequest } from '../../http/errors.js';
import { callerDictItems } from '../dict/dict-items.js';
import { describeErrors, type EntityModel } from './entity-model.js';
import { unknownRefs } from './ref-check.js';

/** The parts of a dictionary field's value: multi-select fields store comma-joined values. */
const parts = (value: unknown) =>
  String(value)
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Dictionary values of a write that the caller could not have picked (issue 12 §6): plain dictionaries'
 * values must be items of the dictionary, table dictionaries' values rows the caller may see. Only the
 * values the write changes are checked (`stored`), so an edit keeps a value someone else set before.
 */
export async function unknownDictValues(
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  stored?: Record<string, unknown>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const f of model.entity.fields) {
    const value = record[f.name];
    if (!f.dictCode || value === null || value === undefined) continue;
    if (stored && String(stored[f.name] ?? '') === String(value)) continue;
    const wanted = [...new Set(parts(value))].slice(0, 200);
    const items = await callerDictItems(request, f.dictCode, { values: wanted, limit: wanted.length });
    const known = new Set(items.map((i) => String(i.value)));
    const missing = wanted.filter((v) => !known.has(v));
    if (missing.length)
      errors.push({ field: f.name, title: f.title, message: `所选值“${missing.join('、')}”不存在或无权使用` });
  }
  return errors;
}

/**
 * Refuses a write naming dictionary values or ref targets that do not exist or are outside the caller's
 * scope (400, every such field in one message).
 */
export async function assertKnownValues(
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  stored?: Record<string, unknown>,
): Promise<void> {
  const errors = [
    ...(await unknownDictValues(request, model, record, stored)),
    ...(await unknownRefs(request, model, record, stored)),
  ];
  if (errors.length) throw badRequest(describeErrors(errors));
}
