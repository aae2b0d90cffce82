import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { checkedPartText } from './input-rules.js';

/**
 * The parts of a multipart upload, read in one place: the parser's own failures (no boundary, a
 * truncated or malformed body) are plain errors from busboy, answered here as a 400 instead of a 500;
 * field names, values and file names obey the request text rule. A file part's content is read before
 * it is handed on (uploads are buffered anyway, within the plugin's size limits), so a broken body
 * fails here too; `toBuffer()` then returns it.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let parts: AsyncIterator<Multipart> | null = null;
  while (true) {
    let part: Multipart;
    try {
      parts ??= request.parts();
      const next = await parts.next();
      if (next.done) return;
      part = next.value;
      if (part.type === 'file') {
        const content = await part.toBuffer();
        part.toBuffer = () => Promise.resolve(content);
      }
    } catch (error) {
      // Plugin errors (size limits, prototype field names) carry a code and an HTTP status already.
      if (error && typeof error === 'object' && ('statusCode' in error || 'code' in error)) throw error;
      throw badRequest('上传内容不是有效的 multipart/form-data');
    }
    checkedPartText(part.fieldname);
    if (part.type === 'file') checkedPartText(part.filename);
    else if (typeof part.value === 'string') checkedPartText(part.value);
    yield part;
  }
}
