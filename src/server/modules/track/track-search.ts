import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { startsWith } from '../../lib/like.js';
import { dbOf, type EntityRow } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { labelMap, mayRead } from './track-links.js';

/** A document number must be typed this far before the search looks (a prefix of fewer finds too much). */
export const MIN_SEARCH_LENGTH = 4;
const MAX_RESULTS = 10;

export interface DocumentHit {
  code: string;
  id: string;
  label: string;
  entityName: string;
}

/**
 * Records whose tracked search field (a document number) equals or starts with the keyword, over every
 * tracked entity the caller may read, inside his scope; exact matches sort first within an entity.
 */
export async function searchDocuments(request: FastifyRequest, keyword: string): Promise<DocumentHit[]> {
  const text = keyword.trim();
  if (text.length < MIN_SEARCH_LENGTH) return [];
  const hits: DocumentHit[] = [];
  for (const entity of request.server.ctx.defs.entities) {
    const field = entity.track?.search;
    if (!field || entity.parent || hits.length >= MAX_RESULTS || !(await mayRead(request, entity))) continue;
    const rows = (await dbOf(request.server.ctx)
      .selectFrom(entity.code)
      .select([sql.ref('id').as('id'), sql.ref(field).as(field)])
      .where(startsWith(sql.ref(field), text))
      .where(await requestScope(request, entity))
      .orderBy(sql.ref(field))
      .limit(MAX_RESULTS - hits.length)
      .execute()) as EntityRow[];
    const labels = await labelMap(request, entity, rows);
    for (const [id, label] of labels) hits.push({ code: entity.code, id, label, entityName: entity.name });
  }
  return hits;
}
