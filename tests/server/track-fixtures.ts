import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The fixture module of tracked entities (订单 ← 发货单 ← 物流记录, 订单 ← 内部备注). */
export const TRACK_FIXTURE = 'tests/fixtures/schemas/track';

// Business modules, and the platform files that name their definitions (dashboard stats, report menu).
const LEFT_OUT = ['schemas/modules', 'schemas/dashboards', 'schemas/menus/reports.json'].map(path.normalize);

/**
 * The shipped platform definitions without the business modules (written by others meanwhile) and the
 * home dashboard that names their stats, plus one fixture module copied to schemas/modules/<name>.
 */
export function schemasWithFixture(fixture: string, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `yjy-${name}-`));
  fs.cpSync('schemas', dir, {
    recursive: true,
    filter: (src) => !LEFT_OUT.some((p) => src.startsWith(p)),
  });
  fs.cpSync(fixture, path.join(dir, 'modules', name), { recursive: true });
  return dir;
}

/** The platform definitions plus the tracking fixture module: a server for track tests. */
export const trackSchemas = () => schemasWithFixture(TRACK_FIXTURE, 'track');
