import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import { FileStore } from '../modules/upload/storage.js';

/** The avatars drawn by tools/draw-avatars.ts: `m-*.png` and `f-*.png`, shipped with the package. */
export const SEED_AVATAR_DIR = fileURLToPath(new URL('./seed-avatars/', import.meta.url));

function avatarSet(prefix: 'm' | 'f'): Buffer[] {
  return fs
    .readdirSync(SEED_AVATAR_DIR)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.png'))
    .sort()
    .map((name) => fs.readFileSync(path.join(SEED_AVATAR_DIR, name)));
}

/**
 * Stores an avatar for each user through the upload store, as if each had uploaded it (a file in the
 * user's tenant under `avatar/`), so the header and lists show them the way they show uploaded ones.
 * Returns the stored path per username.
 */
export async function storeAvatars(
  db: Kysely<Database>,
  uploadDir: string,
  users: ReadonlyArray<{ username: string; sex: 1 | 2; tenantId: number }>,
): Promise<Map<string, string>> {
  const store = new FileStore(db, uploadDir);
  const sets = { 1: avatarSet('m'), 2: avatarSet('f') };
  const seen = { 1: 0, 2: 0 };
  const paths = new Map<string, string>();
  for (const u of users) {
    const set = sets[u.sex];
    if (set.length === 0) continue;
    const content = set[seen[u.sex]++ % set.length];
    const saved = await store.save(content, `${u.username}.png`, 'avatar', {
      tenantId: u.tenantId,
      username: u.username,
    });
    paths.set(u.username, saved.path);
  }
  return paths;
}
