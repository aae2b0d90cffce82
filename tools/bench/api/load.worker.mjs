// The API bench's load generator (suite.ts `load`), in a thread of its own: in the server's thread the
// clients' own parsing would sit in the queue the measured requests wait in, as no real client does.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, concurrency, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const once = () =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (res.statusCode !== 200 || !body.includes('"success":true'))
          reject(new Error(`${url}: ${res.statusCode} ${body.slice(0, 200)}`));
        else resolve();
      });
    });
    req.on('error', reject);
  });

// Warm-up with every client first: the connections open and the code paths compile before measuring, so
// the figures are the steady state's, not fifty connections' cold first requests in a run of seconds.
const WARM_MS = Math.min(1000, (seconds * 1000) / 2);
const latencies = [];
const start = performance.now() + WARM_MS;
const end = start + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await once();
      if (t0 >= start) latencies.push(performance.now() - t0);
    }
  }),
);
agent.destroy();
parentPort.postMessage({ latencies, elapsed: (performance.now() - start) / 1000 });
