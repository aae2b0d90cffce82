/**
 * Serves a peer's build as our server serves the console: the precompressed .gz copy with
 * Content-Encoding gzip when the browser accepts it, and the list data as JSON in the shape the peer's
 * own request hook expects (ProTable `request`: { data, total, success }; amis `api`: { status, data }).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT } from '../harness.js';
import { PEER_ROWS } from './data.js';

const AVATARS = path.join(ROOT, 'src/server/db/seed-avatars');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

function sendJson(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string) {
  const headers: Record<string, string> = {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
  };
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && fs.existsSync(`${file}.gz`);
  if (gzip) headers['content-encoding'] = 'gzip';
  res.writeHead(200, headers);
  fs.createReadStream(gzip ? `${file}.gz` : file).pipe(res);
}

export function servePeer(dist: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/users')
      return sendJson(res, { success: true, data: PEER_ROWS, total: PEER_ROWS.length });
    if (url.pathname === '/api/amis/users')
      return sendJson(res, { status: 0, msg: '', data: { items: PEER_ROWS, total: PEER_ROWS.length } });
    const rel = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const [base, dir] = rel.startsWith('avatars/') ? [AVATARS, rel.slice('avatars/'.length)] : [dist, rel];
    const file = path.resolve(base, dir);
    if (!file.startsWith(base) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    sendFile(req, res, file);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
