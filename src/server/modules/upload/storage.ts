import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { Database, SysFileTable } from '../../db/tables.js';
import { badRequest, bizError } from '../../http/errors.js';
import { classify } from './file-types.js';

/**
 * The business folders an upload may name (`biz`, FILE-01): a fixed list, never a path from the request.
 * An empty `biz` means `temp`.
 */
export const BIZ_FOLDERS = [
  'temp',
  'jeditor',
  'avatar',
  'user',
  'notice',
  'files',
  'images',
  'videos',
  'fileList',
  'aritcle',
  'excel',
  'medical',
] as const;
export type BizFolder = (typeof BIZ_FOLDERS)[number];

export function bizFolder(raw: string | undefined): BizFolder {
  const value = (raw ?? '').trim();
  if (value === '') return 'temp';
  if ((BIZ_FOLDERS as readonly string[]).includes(value)) return value as BizFolder;
  throw badRequest(`不允许的业务目录：${value.slice(0, 32)}`);
}

export interface StoredFile {
  id: string;
  /** Relative path under the upload root, e.g. `jeditor/20261122/3f…a1.png`. */
  path: string;
  name: string;
  size: number;
  mime: string;
}

/** Keeps only a display name: no directories, no control characters, at most 200 characters. */
export function displayName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  const base = [...last].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join('').trim();
  return (base || 'file').slice(-200);
}

/** Resolves a stored relative path inside the root, refusing anything that would leave it. */
export function resolveInside(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) throw badRequest('非法的文件路径');
  return full;
}

export class FileStore {
  private readonly root: string;

  constructor(
    private readonly db: Kysely<Database>,
    uploadDir: string,
  ) {
    this.root = path.resolve(uploadDir);
  }

  /**
   * Checks the content against the extension, writes it under a server-made name and records it.
   * `tenantId` and `username` come from the session.
   */
  async save(
    content: Buffer,
    originalName: string,
    biz: BizFolder,
    owner: { tenantId: number; username: string },
  ): Promise<StoredFile> {
    const name = displayName(originalName);
    const kind = classify(name, content.subarray(0, 4096));
    if ('error' in kind) throw bizError(kind.error);
    const now = Date.now();
    const day = formatDateTime(now).slice(0, 10).replace(/-/g, '');
    const id = newId();
    const relative = `${biz}/${day}/${id}.${kind.ext}`;
    const full = resolveInside(this.root, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    await this.assertRealInside(path.dirname(full));
    await fs.promises.writeFile(full, content, { flag: 'wx', mode: 0o640 });
    await this.db
      .insertInto('sysFile')
      .values({
        id,
        biz,
        path: relative,
        name,
        ext: kind.ext,
        mime: kind.kind.mime,
        size: content.length,
        tenantId: owner.tenantId,
        createBy: owner.username,
        createTime: formatDateTime(now),
      })
      .execute();
    return { id, path: relative, name, size: content.length, mime: kind.kind.mime };
  }

  /** The record of a stored path for a tenant, or null. Only exact stored paths are ever found. */
  async find(relative: string, tenantId: number): Promise<SysFileTable | null> {
    const row = await this.db
      .selectFrom('sysFile')
      .selectAll()
      .where('path', '=', relative)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The record of a stored image that is some user's current avatar, whoever asks: clients show avatars
   * with a plain `<img>` that carries no token. Only an avatar in use is found; other files, and an
   * avatar once replaced, need a signed-in user of their tenant again.
   */
  async findAvatar(relative: string): Promise<SysFileTable | null> {
    const row = await this.db
      .selectFrom('sysFile')
      .selectAll()
      .where('path', '=', relative)
      .where('mime', 'like', 'image/%')
      .where((eb) => eb.exists(eb.selectFrom('sysUser').select('id').where('avatar', '=', relative)))
      .executeTakeFirst();
    return row ?? null;
  }

  /** The absolute location of a recorded file after resolving links; refuses symlinks and escapes. */
  async open(record: SysFileTable): Promise<{ file: string; size: number }> {
    const full = resolveInside(this.root, record.path);
    const stat = await fs.promises.lstat(full).catch(() => null);
    if (!stat || !stat.isFile()) throw bizError('文件不存在或已被删除', 404);
    await this.assertRealInside(full);
    return { file: full, size: stat.size };
  }

  private async assertRealInside(target: string) {
    const realRoot = await fs.promises.realpath(this.root).catch(() => this.root);
    const real = await fs.promises.realpath(target);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw badRequest('非法的文件路径');
  }
}
