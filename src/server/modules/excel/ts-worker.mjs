/**
 * Entry of a worker thread that runs a TypeScript module (workerData.entry). Worker threads do not
 * inherit tsx's loader on Node 20 (not under `tsx`, not under vitest), so the worker registers it
 * before importing the module.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
