import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The story's clock while its steps run. Everything the server stamps — create and update times, the
 * history's times, document numbers' dates, `$now` in transition sets — reads `Date.now()` (numbering.ts,
 * entity-records.ts, change-log.ts, shared/time.ts). Inside `atTime` that answers the story's time, for
 * the step's own async work only (AsyncLocalStorage follows the in-process requests it makes), so stories
 * can play in the background while the server serves real requests on the real clock. The clock stands
 * still during a step (the same data every run).
 */
const storyTime = new AsyncLocalStorage<number>();
const realNow = Date.now.bind(Date);
let installed = false;

export async function atTime<T>(ms: number, run: () => Promise<T>): Promise<T> {
  if (!installed) {
    installed = true;
    Date.now = () => storyTime.getStore() ?? realNow();
  }
  return storyTime.run(ms, run);
}

export const HOUR_MS = 3600_000;
export const DAY_MS = 24 * HOUR_MS;
