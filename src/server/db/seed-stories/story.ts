import { sql } from 'kysely';
import type { EntityDefinition, SeedDefinition, SeedStep } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import { dbOf } from '../../modules/online/entity-records.js';
import { atTime, HOUR_MS } from './clock.js';
import { StepRefused, type StoryApi } from './api.js';
import { storyRandom, type Random } from './random.js';
import { recordValues, type Labelled, type ValueScope } from './values.js';

const API = '/online/cgform/api';
/** Steps of one story are at least this far apart, so its history keeps their order. */
const STEP_GAP_MS = 1000;
const REF_PAGE = 50;
const LIST_PAGE = 1000;

type Row = Record<string, unknown>;
/** Who acts: a username, or any active holder of a role (seed.schema.json SeedActor). */
export type Actor = SeedStep['as'];

/** How a story went: records added, and why it ended early (a refusal, or the seed time reached). */
export interface StoryOutcome {
  records: number;
  refused?: string;
  cut?: boolean;
}

/** A step as the summary names it: 添加 story_order, 流转 submit（order）, 下推 pay（order）, 申请 edit customer（c）. */
const stepName = (s: SeedStep) =>
  s.add
    ? `添加 ${s.add}`
    : s.transition
      ? `流转 ${s.transition}（${s.on}）`
      : s.apply
        ? `申请 ${s.kind ?? ''} ${s.apply}${s.on ? `（${s.on}）` : ''}`
        : `下推 ${s.derive}（${s.on}）`;

const numeric = (type: string) => type === 'int' || type === 'bigint' || type === 'decimal';

/**
 * Plays definitions' stories through the API as their users. Keeps what stories share: the entities,
 * the ids each user can pick per entity (read once, dropped when a record of that entity is added) and
 * ref display texts already resolved.
 */
export class StoryPlayer {
  private readonly entities: Map<string, EntityDefinition>;
  private readonly pickable = new Map<string, string[]>();
  private readonly refIds = new Map<string, string>();
  private readonly holders = new Map<string, Promise<string[]>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly api: StoryApi,
  ) {
    this.entities = new Map(ctx.defs.entities.map((e) => [e.code, e]));
  }

  private entity(code: string): EntityDefinition {
    const e = this.entities.get(code);
    if (!e) throw new StepRefused(`实体 ${code} 不存在`);
    return e;
  }

  /**
   * The username who acts: `as` itself, or a holder of its role drawn with `rng` — once per story when
   * `drawn` is the story's map (every step of the story naming that role is the same person).
   */
  async actor(as: Actor, rng: Random, drawn?: Map<string, string>): Promise<string> {
    if (typeof as === 'string') return as;
    const known = drawn?.get(as.role);
    if (known) return known;
    let users = this.holders.get(as.role);
    if (!users) {
      users = this.roleHolders(as.role);
      this.holders.set(as.role, users);
    }
    const list = await users;
    if (list.length === 0) throw new StepRefused(`没有启用的角色 ${as.role} 的演示用户`);
    const user = rng.choose(list);
    drawn?.set(as.role, user);
    return user;
  }

  /** Active users holding the role, by username (the same order on every database). */
  private async roleHolders(role: string): Promise<string[]> {
    const rows = await this.ctx.db.kysely
      .selectFrom('sysUser as u')
      .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select('u.username')
      .distinct()
      .where('r.roleCode', '=', role)
      .where('u.status', '=', 1)
      .where('u.delFlag', '=', 0)
      .orderBy('u.username')
      .execute();
    return rows.map((r) => r.username);
  }

  /** Adds one fixed record (SeedRecords row) as `user` at `clock`: ref fields given as display text become ids. */
  async addFixed(code: string, user: string, row: Row, clock: number): Promise<void> {
    const entity = this.entity(code);
    await this.api.signIn(user);
    await atTime(clock, async () => {
      const body = await this.textToIds(user, entity, row);
      for (const [key, value] of Object.entries(row))
        if (Array.isArray(value) && this.entities.get(key)?.parent)
          body[key] = await Promise.all(value.map((r) => this.textToIds(user, this.entity(key), r as Row)));
      await this.add(user, code, body);
    });
  }

  /** Plays story `index` of `seed` from `start`; never past `until`. */
  async playStory(seed: SeedDefinition, index: number, start: number, until: number): Promise<StoryOutcome> {
    const rng = storyRandom(seed.random, index);
    const labels = new Map<string, Labelled>();
    // The user each role named in `as` is in this story, drawn at its first step.
    const actors = new Map<string, string>();
    const outcome: StoryOutcome = { records: 0 };
    let clock = start - STEP_GAP_MS;
    // Labels of records an optional step did not add: the steps on them are skipped too.
    const skipped = new Set<string>();
    for (const step of seed.steps) {
      if (step.on && skipped.has(step.on)) {
        if (step.save) skipped.add(step.save);
        continue;
      }
      // With `each`, p is drawn per record reached (playStep).
      if (!step.each && rng.next() >= (step.p ?? 1)) {
        if (!step.optional) return outcome;
        if (step.save) skipped.add(step.save);
        continue;
      }
      const times = step.repeat ? rng.int(step.repeat[0], step.repeat[1]) : 1;
      for (let n = 0; n < times; n++) {
        const after = step.after ? rng.between(step.after[0], step.after[1]) * HOUR_MS : 0;
        clock = Math.round(Math.max(clock + after, clock + STEP_GAP_MS));
        if (clock > until) return { ...outcome, cut: true };
        try {
          const user = await this.actor(step.as, rng, actors);
          await this.api.signIn(user);
          const at = clock;
          const scope = this.scope(user, rng, at, labels);
          outcome.records += await atTime(at, () => this.playStep(step, user, scope));
        } catch (err) {
          if (err instanceof StepRefused) return { ...outcome, refused: `${stepName(step)}：${err.reason}` };
          throw err;
        }
      }
      if (step.ends) return outcome;
    }
    return outcome;
  }

  private scope(user: string, rng: Random, clock: number, labels: Map<string, Labelled>): ValueScope {
    return {
      rng,
      clock,
      labels,
      entity: (code) => this.entities.get(code),
      pick: async (code, owner, field) => rng.choose(await this.candidates(user, code, owner, field)),
      read: (code, id, field) => this.read(code, id, field),
    };
  }

  /** One step at the story's clock; answers how many records it added. */
  private async playStep(step: SeedStep, user: string, scope: ValueScope): Promise<number> {
    if (step.add) {
      const entity = this.entity(step.add);
      const body = await recordValues(step.fields, entity, scope);
      for (const [child, spec] of Object.entries(step.children ?? {})) {
        const childEntity = this.entity(child);
        const rows: Row[] = [];
        for (let n = scope.rng.int(spec.count[0], spec.count[1]); n > 0; n--)
          rows.push(await recordValues(spec.fields, childEntity, scope));
        body[child] = rows;
      }
      this.label(step, scope, entity.code, await this.add(user, entity.code, body));
      return 1;
    }
    if (step.apply) {
      await this.apply(step, step.apply, user, scope);
      return 0;
    }
    const on = step.on ? scope.labels.get(step.on) : undefined;
    if (!on) throw new StepRefused(`剧本引用的记录 ${step.on ?? ''} 尚未产生`);
    if (step.transition && step.each) return this.transitionEach(step, step.each, step.transition, user, on.id, scope.rng);
    if (step.transition) {
      await this.api.call(user, 'POST', `${API}/transition/${on.entity}/${step.transition}`, {
        payload: { id: on.id, ...(step.comment ? { comment: step.comment } : {}) },
      });
      return 0;
    }
    const key = step.derive ?? '';
    const target = this.entity(this.entity(on.entity).derive?.find((d) => d.key === key)?.entity ?? '');
    const prefill = (await this.api.call(user, 'GET', `${API}/derive/${on.entity}/${key}/${on.id}`)) as Row;
    const scaled = step.scale
      ? this.scaled(prefill, target, step.scale.fields, step.scale.between, scope.rng)
      : prefill;
    const body = await recordValues(step.fields, target, scope, scaled);
    this.label(step, scope, target.code, await this.add(user, target.code, body));
    return 1;
  }

  /** Fires `key` on each record of `each.entity` pointing at `id` that the user may move now, each with probability p. */
  private async transitionEach(
    step: SeedStep,
    each: NonNullable<SeedStep['each']>,
    key: string,
    user: string,
    id: string,
    rng: Random,
  ): Promise<number> {
    const page = (await this.api.call(user, 'GET', `${API}/getData/${each.entity}`, {
      query: { [each.field]: id, pageSize: '100' },
    })) as { records: Row[] };
    for (const row of page.records) {
      const movable = Array.isArray(row._transitions) && (row._transitions as unknown[]).includes(key);
      if (!movable || rng.next() >= (step.p ?? 1)) continue;
      await this.api.call(user, 'POST', `${API}/transition/${each.entity}/${key}`, {
        payload: { id: row.id, ...(step.comment ? { comment: step.comment } : {}) },
      });
    }
    return 0;
  }

  /**
   * Submits an application, left pending: add sends the step's fields as the new record, edit only the
   * fields it changes on the record `on`, delete the record `on`; the step's comment is the reason.
   */
  private async apply(step: SeedStep, code: string, user: string, scope: ValueScope): Promise<void> {
    const entity = this.entity(code);
    const payload: Row = { kind: step.kind };
    if (step.kind !== 'add') {
      const on = step.on ? scope.labels.get(step.on) : undefined;
      if (!on) throw new StepRefused(`剧本引用的记录 ${step.on ?? ''} 尚未产生`);
      payload.id = on.id;
    }
    if (step.kind !== 'delete') payload.record = await recordValues(step.fields, entity, scope);
    if (step.comment) payload.reason = step.comment;
    await this.api.call(user, 'POST', `${API}/apply/${code}`, { payload });
  }

  private label(step: SeedStep, scope: ValueScope, entity: string, id: string) {
    if (step.save) scope.labels.set(step.save, { entity, id });
  }

  /** POSTs a new record; the picks of its entity are read again next time. */
  private async add(user: string, code: string, body: Row): Promise<string> {
    const id = await this.api.call(user, 'POST', `${API}/form/${code}`, { payload: body });
    for (const key of this.pickable.keys()) if (key.endsWith(`|${code}`)) this.pickable.delete(key);
    return String(id);
  }

  /**
   * A push-down's numeric fields times a factor drawn between the bounds (one per record and per child
   * row), rounded to each field's scale; a child row scaled to 0 is left out.
   */
  private scaled(
    prefill: Row,
    target: EntityDefinition,
    fields: string[],
    between: number[],
    rng: Random,
  ): Row {
    const scaleRow = (row: Row, entity: EntityDefinition): { row: Row; zero: boolean } => {
      const factor = rng.between(between[0], between[1]);
      const out = { ...row };
      let zero = false;
      for (const f of entity.fields) {
        if (
          !fields.includes(f.name) ||
          !numeric(f.type) ||
          out[f.name] === null ||
          out[f.name] === undefined ||
          out[f.name] === ''
        )
          continue;
        const digits = f.type === 'decimal' ? (f.scale ?? 2) : 0;
        const value = Number((Number(out[f.name]) * factor).toFixed(digits));
        out[f.name] = value;
        if (value === 0) zero = true;
      }
      return { row: out, zero };
    };
    const { row: head } = scaleRow(prefill, target);
    for (const [key, value] of Object.entries(prefill)) {
      const child = this.entities.get(key);
      if (!Array.isArray(value) || !child?.parent) continue;
      head[key] = (value as Row[])
        .map((r) => scaleRow(r, child))
        .filter((r) => !r.zero)
        .map((r) => r.row);
    }
    return head;
  }

  /**
   * The ids of `code` the user may pick for `owner.field`: through the field's picker (refOptions, the
   * caller's scope on the target) when it is a ref to that entity, else the entity's list. Sorted by their
   * text so the same draw picks the same row on every database.
   */
  private async candidates(
    user: string,
    code: string,
    owner: EntityDefinition,
    field: string,
  ): Promise<string[]> {
    const key = `${user}|${code}`;
    const known = this.pickable.get(key);
    if (known) return known;
    const rows: Array<{ value: string; text: string }> = [];
    const viaPicker = owner.fields.find((f) => f.name === field)?.ref?.entity === code;
    for (let page = 1; ; page++) {
      if (viaPicker) {
        const res = (await this.api.call(user, 'GET', `${API}/refOptions/${owner.code}/${field}`, {
          query: { pageNo: String(page), pageSize: String(REF_PAGE) },
        })) as { records: Array<{ value: string; text: unknown }>; total: number };
        rows.push(...res.records.map((r) => ({ value: r.value, text: String(r.text ?? '') })));
        if (res.records.length < REF_PAGE || rows.length >= res.total) break;
      } else {
        const first = this.entity(code).fields[0]?.name ?? 'id';
        const res = (await this.api.call(user, 'GET', `${API}/getData/${code}`, {
          query: { pageNo: String(page), pageSize: String(LIST_PAGE) },
        })) as { records: Row[]; total: number };
        rows.push(...res.records.map((r) => ({ value: String(r.id), text: String(r[first] ?? '') })));
        if (res.records.length < LIST_PAGE || rows.length >= res.total) break;
      }
    }
    if (rows.length === 0) throw new StepRefused(`没有可选的${this.entity(code).name}`);
    rows.sort((a, b) =>
      a.text < b.text ? -1 : a.text > b.text ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0,
    );
    const ids = rows.map((r) => r.value);
    this.pickable.set(key, ids);
    return ids;
  }

  /** A declared field of a stored row (numbers as numbers on both databases). */
  private async read(code: string, id: string, field: string): Promise<unknown> {
    const f = this.entity(code).fields.find((x) => x.name === field);
    if (!f) throw new StepRefused(`${this.entity(code).name}没有字段 ${field}`);
    const row = (await dbOf(this.ctx)
      .selectFrom(code)
      .select(sql.ref(field).as('v'))
      .where(sql.ref('id'), '=', id)
      .executeTakeFirst()) as { v: unknown } | undefined;
    if (!row) throw new StepRefused(`${this.entity(code).name}记录不存在`);
    return numeric(f.type) && row.v !== null ? Number(row.v) : row.v;
  }

  /** A fixed row with its ref fields' display texts replaced by the ids the user's picker finds for them. */
  private async textToIds(user: string, entity: EntityDefinition, row: Row): Promise<Row> {
    const out: Row = {};
    for (const [name, value] of Object.entries(row)) {
      const f = entity.fields.find((x) => x.name === name);
      if (!f?.ref || typeof value !== 'string' || value === '') {
        out[name] = value;
        continue;
      }
      const key = `${user}|${entity.code}.${name}|${value}`;
      let id = this.refIds.get(key);
      if (!id) {
        const res = (await this.api.call(user, 'GET', `${API}/refOptions/${entity.code}/${name}`, {
          query: { keyword: value, pageSize: String(REF_PAGE) },
        })) as { records: Array<{ value: string; text: unknown }> };
        id = res.records.find((r) => r.text === value)?.value;
        if (!id) throw new StepRefused(`${f.title}“${value}”不存在或无权访问`);
        this.refIds.set(key, id);
      }
      out[name] = id;
    }
    return out;
  }
}
