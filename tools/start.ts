/**
 * `npm start`: builds the console when its build is missing or stale, then starts the server (which
 * migrates, seeds demo data once and prints the URL and demo accounts).
 */
import { ensureConsoleBuild } from './console-build.js';

try {
  ensureConsoleBuild();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
await import('../src/server/main.js');
