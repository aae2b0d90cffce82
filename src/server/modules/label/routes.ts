import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ExpressionBuilder } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { Database } from '../../db/tables.js';
import { badRequest, bizError, noPermission } from '../../http/errors.js';
import { idList } from '../../lib/id-list.js';
import { trackSystemWrite } from '../history/system-change.js';

const SYS = 'label:sys';
const MAX_USER_LABELS = 200;
const LabelBody = Type.Object({
  id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  name: Type.String({ minLength: 1, maxLength: 20 }),
  color: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 20, pattern: '^$|^#[0-9a-fA-F]{3,8}$|^[a-z]{3,10}$' }),
      Type.Null(),
    ]),
  ),
  sortNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
const BizType = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
const BizId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

type LabelEB = ExpressionBuilder<Database, 'sysLabel'>;

/**
 * Labels (`/api/sys/label/*`): system labels shared by a tenant and kept by administrators, private
 * labels of each user, and their links to business records (`bizType` + `bizId`). A caller only ever
 * sees, links or changes labels of their tenant that are system labels or their own.
 */
export async function labelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  const visible = (request: FastifyRequest) => {
    const user = request.user();
    return (eb: LabelEB) =>
      eb.and([
        eb('sysLabel.tenantId', '=', user.tenantId),
        eb.or([
          eb('sysLabel.labelType', '=', 'sys'),
          eb.and([eb('sysLabel.labelType', '=', 'user'), eb('sysLabel.ownerId', '=', user.userId)]),
        ]),
      ]);
  };

  app.get(
    '/api/sys/label/myLabel',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ bizType: Type.Optional(BizType), bizId: Type.Optional(BizId) }) },
    },
    async (request) => {
      const rows = await db
        .selectFrom('sysLabel')
        .select(['id', 'name', 'color', 'labelType', 'sortNo', 'createTime'])
        .where(visible(request))
        .orderBy('labelType')
        .orderBy('sortNo')
        .orderBy('createTime')
        .execute();
      // Whether the caller may change or delete each label: system labels need label:sys.
      const maySys = (await request.permissions()).has(SYS);
      const labels = rows.map((l) => ({ ...l, editable: l.labelType === 'user' || maySys }));
      const { bizType, bizId } = request.query;
      if (!bizType || !bizId || labels.length === 0) return ok(labels);
      const linked = new Set(
        (
          await db
            .selectFrom('sysLabelRlat')
            .select('labelId')
            .where('bizType', '=', bizType)
            .where('bizId', '=', bizId)
            .where(
              'labelId',
              'in',
              labels.map((l) => l.id),
            )
            .execute()
        ).map((r) => r.labelId),
      );
      return ok(labels.map((l) => ({ ...l, checked: linked.has(l.id) })));
    },
  );

  const save = async (request: FastifyRequest, body: typeof LabelBody.static, labelType: 'sys' | 'user') => {
    const user = request.user();
    const ownerId = labelType === 'user' ? user.userId : '';
    const name = body.name.trim();
    if (!name) throw bizError('标签名称不能为空');
    const same = db
      .selectFrom('sysLabel')
      .select('id')
      .where('tenantId', '=', user.tenantId)
      .where('labelType', '=', labelType)
      .where('ownerId', '=', ownerId)
      .where('name', '=', name);
    const clash = await (body.id ? same.where('id', '!=', body.id) : same).executeTakeFirst();
    if (clash) throw bizError('标签名称已存在');
    const now = formatDateTime();
    if (body.id) {
      const row = await db
        .selectFrom('sysLabel')
        .select('id')
        .where('id', '=', body.id)
        .where('tenantId', '=', user.tenantId)
        .where('labelType', '=', labelType)
        .where('ownerId', '=', ownerId)
        .executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      await db.transaction().execute((trx) =>
        trackSystemWrite(trx, request, 'sys_label', [row.id], 'edit', () =>
          trx
            .updateTable('sysLabel')
            .set({
              name,
              color: body.color || null,
              sortNo: body.sortNo ?? 0,
              updateBy: user.username,
              updateTime: now,
            })
            .where('id', '=', row.id)
            .execute(),
        ),
      );
      return ok({ id: row.id }, '保存成功！');
    }
    if (labelType === 'user') {
      const count = await db
        .selectFrom('sysLabel')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('labelType', '=', 'user')
        .where('ownerId', '=', ownerId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= MAX_USER_LABELS) throw bizError(`个人标签最多 ${MAX_USER_LABELS} 个`);
    }
    const id = newId();
    await db.transaction().execute((trx) =>
      trackSystemWrite(trx, request, 'sys_label', [id], 'add', () =>
        trx
          .insertInto('sysLabel')
          .values({
            id,
            name,
            color: body.color || null,
            labelType,
            ownerId,
            sortNo: body.sortNo ?? 0,
            tenantId: user.tenantId,
            createBy: user.username,
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute(),
      ),
    );
    if (labelType === 'sys') request.log.info({ labelId: id, by: user.userId }, 'system label added');
    return ok({ id }, '保存成功！');
  };
  app.post(
    '/api/sys/label/saveByUser',
    { config: { access: 'login' }, schema: { body: LabelBody } },
    (request) => save(request, request.body, 'user'),
  );
  app.post('/api/sys/label/saveBySys', { config: { access: SYS }, schema: { body: LabelBody } }, (request) =>
    save(request, request.body, 'sys'),
  );
  /** One form for both kinds (the console's label page): a system label needs label:sys, as above. */
  app.post(
    '/api/sys/label/save',
    {
      config: { access: 'login' },
      schema: {
        body: Type.Composite([
          LabelBody,
          Type.Object({ labelType: Type.Optional(Type.Union([Type.Literal('sys'), Type.Literal('user')])) }),
        ]),
      },
    },
    async (request) => {
      // An edit keeps the label's kind (the form does not offer to change it).
      const stored = request.body.id
        ? await db
            .selectFrom('sysLabel')
            .select('labelType')
            .where('id', '=', request.body.id)
            .where(visible(request))
            .executeTakeFirst()
        : undefined;
      if (request.body.id && !stored) throw bizError('未找到对应数据');
      const labelType = stored ? (stored.labelType as 'sys' | 'user') : request.body.labelType;
      if (!labelType) throw badRequest('请选择标签类型');
      if (labelType === 'sys' && !(await request.permissions()).has(SYS))
        throw noPermission('系统标签只能由管理员维护');
      return save(request, request.body, labelType);
    },
  );

  /** Sets which of the caller's visible labels a record carries (others' private labels stay). */
  app.post(
    '/api/sys/label/rlat/rlatLabel',
    {
      config: { access: 'login' },
      schema: {
        body: Type.Object({
          bizType: BizType,
          bizId: BizId,
          labelIds: Type.Optional(Type.String({ maxLength: 20_000 })),
        }),
      },
    },
    async (request) => {
      const { bizType, bizId } = request.body;
      const wanted = request.body.labelIds ? idList(request.body.labelIds, 'labelIds') : [];
      const mine = (await db.selectFrom('sysLabel').select('id').where(visible(request)).execute()).map(
        (r) => r.id,
      );
      const allowed = new Set(mine);
      if (wanted.some((id) => !allowed.has(id))) throw bizError('标签不存在或无权使用');
      const user = request.user();
      const now = formatDateTime();
      await db.transaction().execute(async (trx) => {
        if (mine.length > 0)
          await trx
            .deleteFrom('sysLabelRlat')
            .where('bizType', '=', bizType)
            .where('bizId', '=', bizId)
            .where('labelId', 'in', mine)
            .execute();
        if (wanted.length > 0)
          await trx
            .insertInto('sysLabelRlat')
            .values(
              wanted.map((labelId) => ({
                id: newId(),
                labelId,
                bizType,
                bizId,
                createBy: user.username,
                createTime: now,
              })),
            )
            .execute();
      });
      return okMessage('保存成功！');
    },
  );

  app.delete(
    '/api/sys/label/delete',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }) },
    },
    async (request) => {
      const row = await db
        .selectFrom('sysLabel')
        .select(['id', 'labelType'])
        .where('id', '=', request.query.id)
        .where(visible(request))
        .executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      if (row.labelType === 'sys' && !(await request.permissions()).has(SYS))
        throw noPermission('系统标签只能由管理员删除');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sysLabelRlat').where('labelId', '=', row.id).execute();
        await trackSystemWrite(trx, request, 'sys_label', [row.id], 'delete', () =>
          trx.deleteFrom('sysLabel').where('id', '=', row.id).execute(),
        );
      });
      request.log.info({ labelId: row.id, type: row.labelType, by: request.user().userId }, 'label deleted');
      return okMessage('删除成功!');
    },
  );
}
