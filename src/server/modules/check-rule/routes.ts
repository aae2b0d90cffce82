import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite } from '../history/system-change.js';
import type { SysCheckRuleTable } from '../../db/tables.js';
import { badRequest, bizError, notFound } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import type { FieldMap } from '../../lib/list-query.js';
import { checkValue, MAX_VALUE_LENGTH, parseRules, RuleTimeout } from './rule-check.js';

export const RULE_FIELDS: FieldMap = {
  ruleName: { type: 'string' },
  ruleCode: { type: 'string' },
  ruleDescription: { type: 'string' },
  createTime: { type: 'datetime' },
};

const Id = Type.String({ minLength: 1, maxLength: 64 });
const RuleBody = Type.Object({
  ruleName: Type.String({ minLength: 1, maxLength: 100 }),
  ruleCode: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  ruleJson: Type.String({ minLength: 2, maxLength: 10000 }),
  ruleDescription: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
});
const RuleEditBody = Type.Composite([Type.Object({ id: Id }), RuleBody]);
type RuleInput = Static<typeof RuleBody>;

/** The value arrives encodeURIComponent-ed once more by the client (protocol §11.2). */
function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Code-check rules: the check used by forms, and their administration (`checkRule:edit`). */
export async function checkRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  app.get(
    '/sys/checkRule/checkByCode',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ ruleCode: Type.String({ minLength: 1, maxLength: 100 }), value: Type.String({ maxLength: MAX_VALUE_LENGTH * 3 }) }) },
    },
    async (request) => {
      const value = decodeOnce(request.query.value);
      if (value.length > MAX_VALUE_LENGTH) throw badRequest(`参数 value 过长，最多 ${MAX_VALUE_LENGTH} 个字符`);
      const row = await db.selectFrom('sysCheckRule').select('ruleJson').where('ruleCode', '=', request.query.ruleCode).executeTakeFirst();
      if (!row) throw bizError('该编码不存在');
      const parsed = parseRules(row.ruleJson);
      if ('error' in parsed) {
        request.log.warn({ ruleCode: request.query.ruleCode, reason: parsed.error }, 'stored check rule refused');
        throw bizError(`校验规则配置有误：${parsed.error}`);
      }
      let failure;
      try {
        failure = checkValue(parsed.rules, value);
      } catch (err) {
        if (!(err instanceof RuleTimeout)) throw err;
        request.log.warn({ ruleCode: request.query.ruleCode, pattern: err.message }, 'check rule timed out');
        throw bizError('校验规则执行超时，请检查规则中的正则表达式');
      }
      if (failure) throw bizError(failure.message, 500, failure);
      return ok(null);
    },
  );

  app.get('/sys/checkRule/list', { config: { access: 'login' } }, async (request) =>
    ok(await listPage<Selectable<SysCheckRuleTable>>(app.ctx.db, db.selectFrom('sysCheckRule'), RULE_FIELDS, request.query as Record<string, unknown>, ['createTime', 'desc'])),
  );

  app.get('/sys/checkRule/queryById', { config: { access: 'login' }, schema: { querystring: Type.Object({ id: Id }) } }, async (request) => {
    const row = await db.selectFrom('sysCheckRule').selectAll().where('id', '=', request.query.id).executeTakeFirst();
    if (!row) throw notFound('未找到对应实体');
    return ok(row);
  });

  const validated = (b: RuleInput) => {
    const parsed = parseRules(b.ruleJson);
    if ('error' in parsed) throw badRequest(`请求体 ruleJson 不正确：${parsed.error}`);
    return { ruleName: b.ruleName.trim(), ruleCode: b.ruleCode, ruleJson: JSON.stringify(parsed.rules), ruleDescription: b.ruleDescription ?? null };
  };
  const codeTaken = async (code: string, exceptId?: string) => {
    let q = db.selectFrom('sysCheckRule').select('id').where('ruleCode', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  };

  app.post('/sys/checkRule/add', { config: { access: 'checkRule:edit' }, schema: { body: RuleBody } }, async (request) => {
    const v = validated(request.body);
    if (await codeTaken(v.ruleCode)) throw bizError(`规则编码 ${v.ruleCode} 已存在`);
    const id = newId();
    await trackedWrite(db, request, 'sys_check_rule', [id], 'add', (trx) =>
      trx
        .insertInto('sysCheckRule')
        .values({ id, ...v, createBy: request.user().username, createTime: formatDateTime(), updateBy: null, updateTime: null })
        .execute(),
    );
    request.log.info({ checkRuleId: id, ruleCode: v.ruleCode }, 'check rule added');
    return okMessage('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/checkRule/edit',
    config: { access: 'checkRule:edit' },
    schema: { body: RuleEditBody },
    handler: async (request) => {
      const b = request.body as Static<typeof RuleEditBody>;
      const found = await db.selectFrom('sysCheckRule').select('id').where('id', '=', b.id).executeTakeFirst();
      if (!found) throw notFound('未找到对应实体');
      const v = validated(b);
      if (await codeTaken(v.ruleCode, b.id)) throw bizError(`规则编码 ${v.ruleCode} 已存在`);
      await trackedWrite(db, request, 'sys_check_rule', [b.id], 'edit', (trx) =>
        trx.updateTable('sysCheckRule').set({ ...v, updateBy: request.user().username, updateTime: formatDateTime() }).where('id', '=', b.id).execute(),
      );
      request.log.info({ checkRuleId: b.id }, 'check rule edited');
      return okMessage('编辑成功!');
    },
  });

  app.delete('/sys/checkRule/delete', { config: { access: 'checkRule:edit' }, schema: { querystring: Type.Object({ id: Id }) } }, async (request) => {
    const res = await trackedWrite(db, request, 'sys_check_rule', [request.query.id], 'delete', (trx) =>
      trx.deleteFrom('sysCheckRule').where('id', '=', request.query.id).executeTakeFirst(),
    );
    if (Number(res.numDeletedRows) === 0) throw notFound('未找到对应实体');
    request.log.info({ checkRuleId: request.query.id }, 'check rule deleted');
    return okMessage('删除成功!');
  });

  app.delete(
    '/sys/checkRule/deleteBatch',
    { config: { access: 'checkRule:edit' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      const ids = batchIds(request);
      await trackedWrite(db, request, 'sys_check_rule', ids, 'delete', (trx) => trx.deleteFrom('sysCheckRule').where('id', 'in', ids).execute());
      request.log.info({ checkRuleIds: ids }, 'check rules deleted');
      return okMessage('批量删除成功!');
    },
  );
}
