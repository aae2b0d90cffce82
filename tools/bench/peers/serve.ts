/**
 * Serves a peer's build as our server serves the console (the precompressed .gz copy with
 * Content-Encoding gzip when the browser accepts it), the seed avatars, and the list data as JSON in the
 * shape the peer's own request hook expects (ProTable `request`: { data, total, success }; amis `api`:
 * { status, data }).
 */
import type http from 'node:http';
import path from 'node:path';
import { ROOT, serveStatic } from '../harness.js';
import { PEER_ROWS } from './data.js';

const AVATARS = path.join(ROOT, 'src/server/db/seed-avatars');

function sendJson(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export function servePeer(dist: string) {
  return serveStatic(dist, {
    gzip: true,
    mounts: { 'avatars/': AVATARS },
    handle: (url, res) => {
      if (url.pathname === '/api/users')
        sendJson(res, { success: true, data: PEER_ROWS, total: PEER_ROWS.length });
      else if (url.pathname === '/api/amis/users')
        sendJson(res, { status: 0, msg: '', data: { items: PEER_ROWS, total: PEER_ROWS.length } });
      else return false;
      return true;
    },
  });
}
