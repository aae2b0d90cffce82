import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage, page } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { ApiError, badRequest, notFound, noPermission } from '../../http/errors.js';
import { retryOnUniqueViolation } from '../../http/db-errors.js';
import { inputProblem } from '../../http/input-rules.js';
import { multipartParts } from '../../http/multipart.js';
import { contains } from '../../lib/like.js';
import { paging } from '../../lib/list-query.js';
import { checkFormDefinition } from '../../definitions/form-problems.js';
import { recordChanges } from '../history/change-log.js';
import { contentDisposition } from '../upload/routes.js';
import { publishedForms } from './published.js';
import { resolveForm } from './resolve.js';
import { definitionOf, formRow, formVersions, storedShape, type FormRow } from './store.js';

export const FORM_API = '/online/form';
export const FORM_PERMS = {
  list: 'online:form:list',
  design: 'online:form:design',
  publish: 'online:form:publish',
  export: 'online:form:export',
} as const;
/** A definition, as sent or as a file: the designer's forms are far smaller. */
const MAX_DEFINITION_BYTES = 1024 * 1024;
const FORM_NOT_FOUND = '表单不存在';

const Code = Type.String({ minLength: 1, maxLength: 64 });
const Version = Type.Integer({ minimum: 1, maximum: 1_000_000 });
const DefinitionBody = Type.Object(
  { definition: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown()) },
  { additionalProperties: false },
);

interface FormListItem {
  code: string;
  title: string;
  source: 'file' | 'db';
  publishedVersion: number | null;
  draftVersion: number | null;
  updateTime: string | null;
  updateBy: string | null;
}

/** What the history keeps of a version: never the (large) definition itself. */
const summary = (row: Pick<FormRow, 'code' | 'title' | 'status' | 'version'>) => ({
  code: row.code,
  title: row.title,
  status: row.status,
  version: row.version,
});

/**
 * Stored case-report forms (表单设计, issue 20 §2) under /online/form: a tenant's forms in versions — one draft
 * at a time, published versions frozen — checked exactly as `npm run schemas:check` checks a file form, and
 * exported as such a file. File forms (schemas/forms) are listed and served read-only to every tenant.
 */
export async function formRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  await app.register(multipart, {
    limits: { fileSize: MAX_DEFINITION_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    throwFileSizeLimit: true,
  });

  const fileForm = (code: string) => ctx.defs.forms.find((f) => f.code === code);

  /** The stored shape of a sent definition and its problems (the same as schemas:check prints). */
  const checked = (definition: Record<string, unknown>) => {
    const shaped = storedShape(definition);
    if (Buffer.byteLength(JSON.stringify(shaped)) > MAX_DEFINITION_BYTES)
      throw new ApiError('表单定义过大（最大 1 MB）', 413, 413);
    return {
      shaped,
      problems: checkFormDefinition(shaped, ctx.defs).map((p) => ({
        pointer: p.pointer,
        message: p.message,
      })),
    };
  };

  /** Saves a definition as the draft of its code: the existing draft is overwritten, else version max+1. */
  async function saveDraft(request: FastifyRequest, definition: Record<string, unknown>) {
    const { shaped, problems } = checked(definition);
    if (problems.length) throw new ApiError(`表单定义有 ${problems.length} 处错误`, 400, 400, { problems });
    const code = shaped.code as string;
    const title = shaped.title as string;
    if (fileForm(code)) throw badRequest(`表单编码 "${code}" 已被定义文件使用`);
    const user = request.user();
    const now = formatDateTime();
    const text = JSON.stringify(shaped);
    // Two first saves of a code race for the same version number: the loser tries again (and finds the draft).
    return retryOnUniqueViolation(() =>
      db.transaction().execute(async (trx) => {
        const versions = await formVersions(trx, user.tenantId, code);
        const draft = versions.find((v) => v.status === 'draft');
        if (draft) {
          await trx
            .updateTable('sysForm')
            .set({ title, definition: text, updateBy: user.username, updateTime: now })
            .where('id', '=', draft.id)
            .execute();
          await recordChanges(trx, request, [
            {
              table: 'sys_form',
              id: draft.id,
              action: 'edit',
              before: summary(draft),
              after: summary({ ...draft, title }),
            },
          ]);
          return { code, version: draft.version };
        }
        const row: FormRow = {
          id: newId(),
          tenantId: user.tenantId,
          code,
          version: (versions[0]?.version ?? 0) + 1,
          status: 'draft',
          title,
          definition: text,
          createBy: user.username,
          createTime: now,
          updateBy: null,
          updateTime: null,
          publishBy: null,
          publishTime: null,
        };
        await trx.insertInto('sysForm').values(row).execute();
        await recordChanges(trx, request, [
          { table: 'sys_form', id: row.id, action: 'add', before: null, after: summary(row) },
        ]);
        return { code, version: row.version };
      }),
    );
  }

  app.get(
    `${FORM_API}/list`,
    {
      config: { access: FORM_PERMS.list },
      schema: {
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 60 })),
          pageNo: Type.Optional(Type.String({ maxLength: 12 })),
          pageSize: Type.Optional(Type.String({ maxLength: 12 })),
        }),
      },
    },
    async (request) => {
      const { pageNo, pageSize } = paging(request.query);
      const keyword = (request.query.keyword ?? '').trim();
      const matches = (text: string) => text.toLowerCase().includes(keyword.toLowerCase());
      const files = ctx.defs.forms
        .filter((f) => !keyword || matches(f.code) || matches(f.title))
        .map((f): FormListItem => ({
          code: f.code,
          title: f.title,
          source: 'file',
          publishedVersion: f.version ?? 1,
          draftVersion: null,
          updateTime: null,
          updateBy: null,
        }));
      let q = db
        .selectFrom('sysForm')
        .select([
          'code',
          'title',
          'version',
          'status',
          'createTime',
          'createBy',
          'updateTime',
          'updateBy',
          'publishTime',
          'publishBy',
        ])
        .where('tenantId', '=', request.user().tenantId);
      if (keyword)
        q = q.where((eb) => eb.or([contains(eb.ref('code'), keyword), contains(eb.ref('title'), keyword)]));
      const rows = await q.orderBy('code').orderBy('version', 'desc').execute();
      const stored = new Map<string, FormListItem>();
      for (const r of rows) {
        // Newest version first: it gives the title and the last change.
        const at = r.updateTime ?? r.publishTime ?? r.createTime;
        const by = r.updateBy ?? r.publishBy ?? r.createBy;
        const item: FormListItem = stored.get(r.code) ?? {
          code: r.code,
          title: r.title,
          source: 'db',
          publishedVersion: null,
          draftVersion: null,
          updateTime: at,
          updateBy: by,
        };
        if (r.status === 'draft') item.draftVersion = r.version;
        else item.publishedVersion ??= r.version;
        stored.set(r.code, item);
      }
      const records = [...files, ...stored.values()];
      return ok(
        page(records.slice((pageNo - 1) * pageSize, pageNo * pageSize), records.length, pageNo, pageSize),
      );
    },
  );

  // The forms a record may name (a visit schedule's form, view sel_form): anyone signed in, since the forms
  // themselves are served to anyone who fills them (/get); titles and codes only.
  app.get(
    `${FORM_API}/options`,
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 60 })) }) },
    },
    async (request) =>
      ok(
        (await publishedForms(db, ctx.defs, request.user().tenantId, { keyword: request.query.keyword })).map(
          (f) => ({ value: f.code, text: f.title }),
        ),
      ),
  );

  app.get(
    `${FORM_API}/get`,
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          code: Code,
          version: Type.Optional(Version),
          draft: Type.Optional(
            Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('true'), Type.Literal('false')]),
          ),
        }),
      },
    },
    async (request) => {
      const { code, version } = request.query;
      const draft = request.query.draft === '1' || request.query.draft === 'true';
      if (draft && !(await request.permissions()).has(FORM_PERMS.design)) throw noPermission();
      if (draft) {
        const row = fileForm(code) ? undefined : await formRow(db, request.user().tenantId, code, { draft });
        if (!row) throw notFound(FORM_NOT_FOUND);
        return ok({
          code,
          version: row.version,
          status: row.status,
          source: 'db',
          definition: definitionOf(row),
        });
      }
      // What a record is shown with: the same resolution as the server's own (a file form whatever the version).
      const form = await resolveForm(db, ctx.defs, request.user().tenantId, code, version);
      if (!form) throw notFound(FORM_NOT_FOUND);
      return ok({
        code,
        version: form.version,
        status: 'published',
        source: form.source,
        definition: form.definition,
      });
    },
  );

  app.get(
    `${FORM_API}/versions`,
    { config: { access: FORM_PERMS.list }, schema: { querystring: Type.Object({ code: Code }) } },
    async (request) => {
      const { code } = request.query;
      const file = fileForm(code);
      if (file)
        return ok([
          {
            version: file.version ?? 1,
            status: 'published',
            publishTime: null,
            publishBy: null,
            createTime: null,
          },
        ]);
      const rows = await formVersions(db, request.user().tenantId, code);
      if (!rows.length) throw notFound(FORM_NOT_FOUND);
      return ok(
        rows.map((r) => ({
          version: r.version,
          status: r.status,
          publishTime: r.publishTime,
          publishBy: r.publishBy,
          createTime: r.createTime,
        })),
      );
    },
  );

  app.post(
    `${FORM_API}/check`,
    { config: { access: FORM_PERMS.design }, schema: { body: DefinitionBody } },
    async (request) => ok({ problems: checked(request.body.definition).problems }),
  );

  app.post(
    `${FORM_API}/save`,
    { config: { access: FORM_PERMS.design }, schema: { body: DefinitionBody } },
    async (request) => ok(await saveDraft(request, request.body.definition), '保存成功！'),
  );

  app.post(
    `${FORM_API}/publish`,
    {
      config: { access: FORM_PERMS.publish },
      schema: { body: Type.Object({ code: Code }, { additionalProperties: false }) },
    },
    async (request) => {
      const { code } = request.body;
      const user = request.user();
      const now = formatDateTime();
      const published = await db.transaction().execute(async (trx) => {
        const draft = await formRow(trx, user.tenantId, code, { draft: true });
        if (!draft) return null;
        // The definition was checked when saved; the other definitions may have changed since (a dictionary gone).
        const problems = checkFormDefinition(JSON.parse(draft.definition), ctx.defs);
        if (problems.length)
          throw new ApiError(`表单定义有 ${problems.length} 处错误`, 400, 400, {
            problems: problems.map((p) => ({ pointer: p.pointer, message: p.message })),
          });
        await trx
          .updateTable('sysForm')
          .set({ status: 'published', publishBy: user.username, publishTime: now })
          .where('id', '=', draft.id)
          .where('status', '=', 'draft')
          .execute();
        await recordChanges(trx, request, [
          {
            table: 'sys_form',
            id: draft.id,
            action: 'edit',
            before: summary(draft),
            after: summary({ ...draft, status: 'published' }),
          },
        ]);
        return { code, version: draft.version };
      });
      if (!published)
        throw badRequest(
          fileForm(code) ? `表单 "${code}" 由定义文件维护，不能在此发布` : `表单 "${code}" 没有待发布的草稿`,
        );
      request.log.info({ form: code, version: published.version, by: user.userId }, 'form published');
      return ok(published, '发布成功！');
    },
  );

  app.delete(
    `${FORM_API}/draft`,
    { config: { access: FORM_PERMS.design }, schema: { querystring: Type.Object({ code: Code }) } },
    async (request) => {
      const { code } = request.query;
      const user = request.user();
      const deleted = await db.transaction().execute(async (trx) => {
        const draft = await formRow(trx, user.tenantId, code, { draft: true });
        if (!draft) return false;
        await trx.deleteFrom('sysForm').where('id', '=', draft.id).where('status', '=', 'draft').execute();
        await recordChanges(trx, request, [
          { table: 'sys_form', id: draft.id, action: 'delete', before: summary(draft), after: null },
        ]);
        return true;
      });
      if (!deleted) throw badRequest(`表单 "${code}" 没有草稿`);
      return okMessage('删除成功!');
    },
  );

  app.get(
    `${FORM_API}/export`,
    {
      config: { access: FORM_PERMS.export },
      schema: { querystring: Type.Object({ code: Code, version: Type.Optional(Version) }) },
    },
    async (request, reply) => {
      const { code, version } = request.query;
      const file = fileForm(code);
      const row = file ? undefined : await formRow(db, request.user().tenantId, code, { version });
      if (!file && !row) throw notFound(FORM_NOT_FOUND);
      const definition = file ? { ...file, version: file.version ?? 1 } : definitionOf(row as FormRow);
      request.log.info(
        { form: code, version: definition.version, by: request.user().userId },
        'form exported',
      );
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`${code}.json`))
        .header('Cache-Control', 'private, no-store')
        .send(`${JSON.stringify(definition, null, 2)}\n`);
    },
  );

  app.post(`${FORM_API}/import`, { config: { access: FORM_PERMS.design } }, async (request) => {
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
    let content: Buffer | null = null;
    let fileName = '';
    try {
      for await (const part of multipartParts(request)) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || content) {
          await part.toBuffer();
          throw badRequest('只能上传一个名为 file 的文件');
        }
        content = await part.toBuffer();
        fileName = part.filename;
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ApiError('文件大小超过限制（最大 1 MB）', 413, 413);
      throw err;
    }
    if (!content) throw badRequest('缺少上传文件：file');
    if (!/\.json$/i.test(fileName)) throw badRequest('请上传 .json 格式的表单定义文件');
    let data: unknown;
    try {
      data = JSON.parse(content.toString('utf8'));
    } catch {
      throw badRequest('文件不是有效的 JSON');
    }
    if (!data || typeof data !== 'object' || Array.isArray(data))
      throw badRequest('文件内容应为一个表单定义（JSON 对象）');
    const problem = inputProblem(data);
    if (problem) throw badRequest(problem);
    return ok(await saveDraft(request, data as Record<string, unknown>), '导入成功！');
  });
}
