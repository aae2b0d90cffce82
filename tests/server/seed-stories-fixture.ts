import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The shipped definitions with the seed-stories fixture module (tests/fixtures/schemas/seed-stories:
 * orders with lines, a workflow and a push-down to payments, and one seed playing them) in place of the
 * shipped seeds, so the platform's runner is tested without the ERP module's stories. `change` edits the
 * fixture seed before it is used.
 */
export function schemasWithStories(change?: (seed: Record<string, unknown>) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-stories-'));
  fs.cpSync('schemas', dir, { recursive: true });
  for (const module of fs.readdirSync(path.join(dir, 'modules')))
    fs.rmSync(path.join(dir, 'modules', module, 'seeds'), { recursive: true, force: true });
  fs.cpSync('tests/fixtures/schemas/seed-stories', path.join(dir, 'modules', 'story'), { recursive: true });
  if (change) {
    const file = path.join(dir, 'modules', 'story', 'seeds', 'story_demo.json');
    const seed = JSON.parse(fs.readFileSync(file, 'utf8'));
    change(seed);
    fs.writeFileSync(file, JSON.stringify(seed));
  }
  return dir;
}
