import { Worker } from 'node:worker_threads';

interface Job {
  sql: string;
  parameters: readonly unknown[];
  queuedAt: number;
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Reader {
  worker: Worker;
  /** The query it is running; a reader runs one at a time and takes the next from the pool's queue. */
  job: Job | null;
  /** It opened the database; one that never did (file gone, bad path) is not started again. */
  ready: boolean;
  /** Settles when it has opened the database or failed to. */
  started: Promise<void>;
}

interface Reply {
  ready?: boolean;
  rows?: Array<Record<string, unknown>>;
  blobs?: boolean;
  /** How long the statement ran in the reader. */
  ms?: number;
  error?: { message: string; code?: string; name?: string };
}

const WORKER_URL = new URL('./reader.worker.mjs', import.meta.url);
/** Statements whose running time is remembered (the server builds a few hundred distinct ones). */
const COST_ENTRIES = 1000;

/**
 * Read-only SQLite connections in worker threads (issue 13 §3): a list query that takes 200 ms runs on
 * one of them while the request thread keeps answering other requests. SQLite in WAL mode lets these
 * readers run beside the one writer (on the request thread), and each reader's statement sees every
 * write committed before it starts.
 *
 * Queries wait in one queue, and a free reader takes the one expected to finish first — its statement's
 * recent running time, less the time it has waited — so a lookup by id does not queue behind fifty deep
 * list pages, and a slow query still runs once it has waited as long as it takes. A reader that dies fails
 * its query and is replaced; when none is left (`available` false) the driver reads on the writer.
 */
export class ReaderPool {
  #readers: Reader[] = [];
  #queue: Job[] = [];
  /** Recent running time by SQL text, in milliseconds (an unknown statement counts as quick). */
  #cost = new Map<string, number>();
  #closed = false;

  private constructor(
    readonly file: string,
    readonly cacheSize: number,
  ) {}

  /** `size` readers of `file`, resolved once each has opened it (those that could not are left out). */
  static async open(file: string, size: number, cacheSize: number): Promise<ReaderPool> {
    const pool = new ReaderPool(file, cacheSize);
    for (let i = 0; i < size; i++) pool.#readers.push(pool.#spawn());
    await Promise.all(pool.#readers.map((r) => r.started));
    return pool;
  }

  get available(): boolean {
    return !this.#closed && this.#readers.length > 0;
  }

  /** The rows of a read-only statement. */
  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (!this.available) return Promise.reject(new Error('数据库已关闭'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, queuedAt: performance.now(), resolve, reject });
      this.#pump();
    });
  }

  /** Each reader reopens its connection after the query it is running, to plan with fresh statistics. */
  reopen(): void {
    for (const r of this.#readers) r.worker.postMessage({ reopen: true });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('数据库已关闭'));
    await Promise.all(this.#readers.map((r) => r.worker.terminate()));
  }

  #pump(): void {
    for (const reader of this.#readers) {
      if (this.#queue.length === 0) return;
      if (!reader.ready || reader.job) continue;
      const job = this.#takeNext();
      reader.job = job;
      // A reader at work keeps the process alive (a script awaiting a read must not exit); an idle one does not.
      reader.worker.ref();
      reader.worker.postMessage({ sql: job.sql, parameters: job.parameters });
    }
  }

  #takeNext(): Job {
    const now = performance.now();
    let best = 0;
    let bestScore = Infinity;
    for (let i = 0; i < this.#queue.length; i++) {
      const job = this.#queue[i];
      const score = (this.#cost.get(job.sql) ?? 0) - (now - job.queuedAt);
      if (score < bestScore) [best, bestScore] = [i, score];
    }
    return this.#queue.splice(best, 1)[0];
  }

  /** How long `sql` took lately, in milliseconds; undefined for a statement not seen yet. */
  expectedMs(sql: string): number | undefined {
    return this.#cost.get(sql);
  }

  /** Remembers how long `sql` took (here or, for quick ones, on the writer: pooled-driver.ts). */
  learn(sql: string, ms: number): void {
    const before = this.#cost.get(sql);
    this.#cost.delete(sql);
    if (before === undefined && this.#cost.size >= COST_ENTRIES)
      this.#cost.delete(this.#cost.keys().next().value as string);
    this.#cost.set(sql, before === undefined ? ms : before * 0.7 + ms * 0.3);
  }

  #spawn(): Reader {
    const worker = new Worker(WORKER_URL, { workerData: { file: this.file, cacheSize: this.cacheSize } });
    let started = () => {};
    const reader: Reader = { worker, job: null, ready: false, started: new Promise((r) => (started = r)) };
    worker.on('message', (reply: Reply) => {
      if (reply.ready) {
        reader.ready = true;
        started();
      } else if (reader.job) {
        const job = reader.job;
        reader.job = null;
        if (reply.ms !== undefined) this.learn(job.sql, reply.ms);
        if (reply.error) job.reject(sqliteError(reply.error));
        else job.resolve(reply.blobs ? reply.rows!.map(withBuffers) : reply.rows!);
      }
      // Referenced while starting (so an opening script does not exit under it) and while at work.
      worker.unref();
      this.#pump();
    });
    const fail = (err: Error) => {
      started();
      reader.job?.reject(err);
      reader.job = null;
      if (this.#closed) return;
      const i = this.#readers.indexOf(reader);
      if (i < 0) return;
      if (reader.ready) this.#readers[i] = this.#spawn();
      else this.#readers.splice(i, 1);
      if (this.#readers.length === 0) for (const job of this.#queue.splice(0)) job.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite 读取线程已退出（${code}）`)));
    return reader;
  }
}

/** The error as the driver raised it in the reader: same message and SQLite code (db-errors.ts maps codes). */
function sqliteError(e: NonNullable<Reply['error']>): Error {
  const err = new Error(e.message) as Error & { code?: string };
  err.name = e.name ?? 'SqliteError';
  if (e.code) err.code = e.code;
  return err;
}

/** Blobs crossed the thread boundary as Uint8Array; the rest of the server reads them as Buffers. */
function withBuffers(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const v = row[key];
    if (v instanceof Uint8Array) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return row;
}
