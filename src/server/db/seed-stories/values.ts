import type { EntityDefinition, SeedGenerator, SeedValue } from '../../../shared/schema-types.js';
import { formatDate, formatDateTime } from '../../../shared/time.js';
import { DAY_MS } from './clock.js';
import type { Random } from './random.js';
import { StepRefused } from './api.js';
import { address, birthDate, county, idCard, mobile, personName } from './fake.js';

/** A record a story labelled (`save`), for `on` and `$<label>` in later steps. */
export interface Labelled {
  entity: string;
  id: string;
}

/** What a story's values are drawn from. */
export interface ValueScope {
  rng: Random;
  /** The story's clock (ms). */
  clock: number;
  labels: Map<string, Labelled>;
  entity(code: string): EntityDefinition | undefined;
  /** The id of a random row of `entity` the step's user can see, for field `field` of `owner`. */
  pick(entity: string, owner: EntityDefinition, field: string): Promise<string>;
  /** A field of a stored row, as it is now (roll-ups and states move on as the story goes). */
  read(entity: string, id: string, field: string): Promise<unknown>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** "$today", "$now", "$<label>", "$<label>.<field>"; any other text is itself. */
async function textValue(text: string, scope: ValueScope): Promise<unknown> {
  if (!text.startsWith('$')) return text;
  if (text === '$today') return formatDate(scope.clock);
  if (text === '$now') return formatDateTime(scope.clock);
  const [label, field] = text.slice(1).split('.', 2);
  const rec = scope.labels.get(label);
  if (!rec) throw new StepRefused(`剧本引用的记录 ${label} 尚未产生`);
  return field ? scope.read(rec.entity, rec.id, field) : rec.id;
}

/** A `fake` generator; `sex` and `birth` name fields of `record` filled before this one. */
function faked(
  g: SeedGenerator,
  owner: EntityDefinition,
  record: Record<string, unknown>,
  rng: Random,
): unknown {
  const sex = g.sex ? record[g.sex] : undefined;
  if (g.fake === 'personName') return personName(rng, sex);
  if (g.fake === 'mobile') return mobile(rng);
  if (g.fake === 'area') return county(rng);
  if (g.fake === 'address') return address(rng);
  const id = idCard(rng, String(record[g.birth ?? ''] ?? ''), sex);
  if (id === undefined)
    throw new StepRefused(
      `${owner.name}的身份证号需要前面已填的出生日期（${g.birth ?? ''}）和性别（${g.sex ?? ''}）`,
    );
  return id;
}

/** A generator other than `ref` (which needs the record's other values first); `record` holds the earlier fields. */
async function generated(
  g: SeedGenerator,
  owner: EntityDefinition,
  field: string,
  scope: ValueScope,
  record: Record<string, unknown>,
): Promise<unknown> {
  const { rng } = scope;
  if (g.fake) return faked(g, owner, record, rng);
  if (g.age) return birthDate(rng, formatDate(scope.clock), g.age[0], g.age[1]);
  if (g.pick) return scope.pick(g.pick, owner, field);
  if (g.oneOf) return rng.choose(g.oneOf, g.weights);
  if (g.int) return rng.int(g.int[0], g.int[1]);
  if (g.decimal) return round2(rng.between(g.decimal[0], g.decimal[1]));
  if (g.days) return formatDate(scope.clock + rng.int(g.days[0], g.days[1]) * DAY_MS);
  return undefined;
}

/**
 * The values of one record (or child row) of `owner`: literals, the story's dates, labelled records and
 * generators, over `base` (a push-down's prefill), in the order written (a `fake` name reads the sex
 * written before it). `ref` generators come last: they read the row that this record's ref field holds,
 * whichever way that field was filled.
 */
export async function recordValues(
  fields: Record<string, SeedValue> | undefined,
  owner: EntityDefinition,
  scope: ValueScope,
  base: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...base };
  const refs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (typeof value === 'number') out[name] = value;
    else if (typeof value === 'string') out[name] = await textValue(value, scope);
    else if (value.ref) refs.push([name, value.ref]);
    else out[name] = await generated(value, owner, name, scope, out);
  }
  for (const [name, path] of refs) {
    const [refName, targetField] = path.split('.', 2);
    const target = owner.fields.find((f) => f.name === refName)?.ref?.entity;
    const id = out[refName];
    if (!target || typeof id !== 'string' || id === '')
      throw new StepRefused(`${owner.name}的 ${refName} 未选定，无法读取 ${path}`);
    out[name] = await scope.read(target, id, targetField);
  }
  return out;
}
