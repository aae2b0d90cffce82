import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ok } from '../../../shared/envelope.js';
import { checkTenant, notSignedIn } from '../../http/access.js';
import { ApiError, badRequest, bizError, notFound } from '../../http/errors.js';
import { multipartParts } from '../../http/multipart.js';
import { ossSignature } from './oss-signature.js';
import { bizFolder, FileStore, type BizFolder } from './storage.js';

interface UploadForm {
  content: Buffer;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * Uploads (protocol §9) without the original's holes (security catalogue FILE-01..04): server-made
 * names under a fixed list of folders, extension and magic-byte checks, a size limit, and downloads only
 * for a signed-in user of the file's tenant, as attachments that a browser will not render in place.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { cfg, db } = app.ctx;
  const store = new FileStore(db.kysely, cfg.uploadDir);
  const maxMb = Math.round((cfg.uploadMaxBytes / 1024 / 1024) * 10) / 10;

  await app.register(multipart, {
    limits: { fileSize: cfg.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    throwFileSizeLimit: true,
  });

  /** Reads the one `file` part and the small text fields, whatever their order in the form. */
  async function readForm(request: FastifyRequest): Promise<UploadForm> {
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
    const fields: Record<string, string> = {};
    let content: Buffer | null = null;
    let fileName = '';
    try {
      for await (const part of multipartParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || content) {
            await part.toBuffer();
            throw badRequest('只能上传一个名为 file 的文件');
          }
          content = await part.toBuffer();
          fileName = part.filename;
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ApiError(`文件大小超过限制（最大 ${maxMb} MB）`, 413, 413);
      throw err;
    }
    if (!content) throw badRequest('缺少上传文件：file');
    return { content, fileName, fields };
  }

  async function saveUpload(request: FastifyRequest, biz: (form: UploadForm) => BizFolder) {
    const form = await readForm(request);
    const user = request.user();
    return store.save(form.content, form.fileName, biz(form), { tenantId: user.tenantId, username: user.username });
  }

  // The original puts the stored relative path in `message`; the record is in `result` as well.
  app.post('/sys/common/upload', { config: { access: 'login' } }, async (request) => {
    const saved = await saveUpload(request, (form) => bizFolder(form.fields.biz));
    return ok(saved, saved.path);
  });

  app.post(
    '/api/sys/attachment/upload',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ path: Type.Optional(Type.Union([Type.Literal('fileList'), Type.Literal('aritcle')])) }) },
    },
    async (request) => {
      const folder = (request.query as { path?: 'fileList' | 'aritcle' }).path ?? 'fileList';
      const saved = await saveUpload(request, () => folder);
      return ok({ id: saved.id, fileName: saved.name, filePath: saved.path, fileSize: saved.size });
    },
  );

  app.get('/api/ali/oss/getSignature', { config: { access: 'login' } }, async () => ok(ossSignature(cfg)));

  /**
   * A signed-in caller reads his tenant's files. Without a token only a user's current avatar is served
   * (its name is server-made and unguessable), so the protocol's clients can show it in an `<img>`;
   * anything else answers 401 as a `login` route would.
   */
  app.get('/sys/common/static/*', { config: { access: 'public' } }, async (request, reply) => {
    const relative = storedPath((request.params as { '*': string })['*']);
    const session = request.session;
    if (session) checkTenant(request, session);
    const record =
      (session && (await store.find(relative, session.tenantId))) || (await store.findAvatar(relative));
    if (!record && !session) throw notSignedIn(request);
    if (!record) throw notFound('文件不存在或无权访问');
    const { file, size } = await store.open(record);
    if (size === 0) throw bizError('文件下载失败');
    reply
      .header('Content-Type', record.mime)
      .header('Content-Length', String(size))
      .header('Content-Disposition', contentDisposition(record.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', 'sandbox')
      .header('Cache-Control', 'private, no-store');
    return reply.send(fs.createReadStream(file));
  });
}

/**
 * A stored path from the URL: decoded once by the router, then refused if it holds `..`, a backslash,
 * NUL, an absolute start or an empty segment. The protocol's trailing comma is dropped.
 */
export function storedPath(raw: string): string {
  const value = (raw ?? '').replace(/,+$/, '');
  const segments = value.split('/');
  if (
    value === '' ||
    value.startsWith('/') ||
    /[\\:]/.test(value) ||
    value.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    throw badRequest('非法的文件路径');
  return value;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so Chinese names survive. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
