import crypto from 'node:crypto';

/** A multipart/form-data body for `app.inject`, built by hand so tests control field names and order. */
export function multipartForm(
  parts: Array<{ name: string; value?: string; file?: { name: string; content: Buffer; type?: string } }>,
) {
  const boundary = `----yjy${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.name}"\r\nContent-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.file.content,
        Buffer.from('\r\n'),
      );
    } else
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
