import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Definitions } from '../../definitions/load.js';
import { contains } from '../../lib/like.js';

/** A form a record may be entered with: a file form or a published stored one of the tenant. */
export interface PublishedForm {
  code: string;
  title: string;
}

/** At most this many forms are offered at once: a picker searches, it does not page. */
const MAX_OPTIONS = 200;

/**
 * The published forms of a tenant (file forms first, then stored ones by code), each with the title of
 * its newest published version; `keyword` narrows by code or title, `codes` to those codes.
 */
export async function publishedForms(
  db: Kysely<Database>,
  defs: Definitions,
  tenantId: number,
  opts: { keyword?: string; codes?: readonly string[] } = {},
): Promise<PublishedForm[]> {
  const keyword = (opts.keyword ?? '').trim().toLowerCase();
  const wanted = opts.codes ? new Set(opts.codes) : null;
  if (wanted?.size === 0) return [];
  const files = defs.forms
    .filter((f) => !wanted || wanted.has(f.code))
    .filter(
      (f) => !keyword || f.code.toLowerCase().includes(keyword) || f.title.toLowerCase().includes(keyword),
    )
    .map((f) => ({ code: f.code, title: f.title }));
  let q = db
    .selectFrom('sysForm')
    .select(['code', 'title', 'version'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'published');
  if (wanted) q = q.where('code', 'in', [...wanted]);
  if (keyword)
    q = q.where((eb) => eb.or([contains(eb.ref('code'), keyword), contains(eb.ref('title'), keyword)]));
  const rows = await q
    .orderBy('code')
    .orderBy('version', 'desc')
    .limit(MAX_OPTIONS * 5)
    .execute();
  const stored = new Map<string, PublishedForm>();
  for (const r of rows) if (!stored.has(r.code)) stored.set(r.code, { code: r.code, title: r.title });
  const fileCodes = new Set(files.map((f) => f.code));
  return [...files, ...[...stored.values()].filter((f) => !fileCodes.has(f.code))].slice(0, MAX_OPTIONS);
}
