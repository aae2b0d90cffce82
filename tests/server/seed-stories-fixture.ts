import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The shipped definitions with a fixture module (tests/fixtures/schemas/<fixture>, copied in as module
 * `module`) in place of the shipped seeds, so the platform's runner is tested without the ERP module's
 * stories. `change` edits the fixture's seed `<seed>.json` before it is used.
 */
export function schemasWithSeedModule(
  fixture: string,
  module: string,
  seed: string,
  change?: (seed: Record<string, unknown>) => void,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `yjy-${module}-`));
  fs.cpSync('schemas', dir, { recursive: true });
  for (const m of fs.readdirSync(path.join(dir, 'modules')))
    fs.rmSync(path.join(dir, 'modules', m, 'seeds'), { recursive: true, force: true });
  fs.cpSync(`tests/fixtures/schemas/${fixture}`, path.join(dir, 'modules', module), { recursive: true });
  if (change) {
    const file = path.join(dir, 'modules', module, 'seeds', `${seed}.json`);
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    change(data);
    fs.writeFileSync(file, JSON.stringify(data));
  }
  return dir;
}

/**
 * The seed-stories fixture (orders with lines, a workflow and a push-down to payments, and one seed
 * playing them) as module `story`.
 */
export const schemasWithStories = (change?: (seed: Record<string, unknown>) => void): string =>
  schemasWithSeedModule('seed-stories', 'story', 'story_demo', change);
