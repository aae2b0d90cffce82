// One SQLite reader of the pool (reader-pool.ts), in its own thread: it opens the server's database
// file read-only and answers each `{ sql, parameters }` with the rows and the time they took, so a slow
// list query runs here while the request thread goes on serving others. Plain JavaScript because a
// worker thread starts without the TypeScript loader the server runs under (tsx in production, Vitest
// in tests).
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';

const { file, cacheSize } = workerData;
const open = () => {
  const conn = new Sqlite(file, { readonly: true, fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  return conn;
};
let db = open();
parentPort.postMessage({ ready: true });

// Prepared statements by SQL text, least recently used dropped first (as statement-cache.ts does for
// the writer): preparing is a large share of a cheap query's cost.
const cache = new Map();
function prepare(sql) {
  let stmt = cache.get(sql);
  if (stmt) cache.delete(sql);
  else {
    stmt = db.prepare(sql);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value);
  }
  cache.set(sql, stmt);
  return stmt;
}

// A Buffer crosses threads as a plain Uint8Array; the driver binds Buffers only.
const bindable = (v) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;

parentPort.on('message', ({ sql, parameters, reopen }) => {
  // SQLite reads planner statistics when a connection loads the schema; after the writer's ANALYZE a
  // fresh connection plans with the new ones. Not answered: the pool sends it between queries.
  if (reopen) {
    cache.clear();
    db.close();
    db = open();
    return;
  }
  const start = performance.now();
  try {
    const rows = prepare(sql).all(parameters.map(bindable));
    // Tells the pool whether any value must become a Buffer again (blobs are rare; most replies skip the walk).
    let blobs = false;
    for (const row of rows) {
      for (const key in row) if (Buffer.isBuffer(row[key])) blobs = true;
      if (blobs) break;
    }
    parentPort.postMessage({ rows, blobs, ms: performance.now() - start });
  } catch (err) {
    parentPort.postMessage({
      error: { message: err.message, code: err.code, name: err.name },
      ms: performance.now() - start,
    });
  }
});
