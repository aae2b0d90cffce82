import type { TestApp } from './harness.js';

/**
 * Removes the demo seed's announcements, messages and feedback, for tests that count exactly what they
 * send themselves (the seed itself is covered by demo-seed.test.ts).
 */
export async function clearDemoNotices(t: TestApp): Promise<void> {
  const db = t.ctx.db.kysely;
  await db.deleteFrom('sysMessage').execute();
  await db.deleteFrom('sysAnnouncementSend').execute();
  await db.deleteFrom('sysAnnouncement').execute();
  await db.deleteFrom('sysFeedback').execute();
}
