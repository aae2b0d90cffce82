import { ApiError } from '../../http/errors.js';

/**
 * A per-session budget for "is this name taken?" probes (CRED-04): enough for a person typing in a
 * form, far too little to enumerate accounts. In memory: a restart only resets the budget.
 */
export class ProbeLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max = 30,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one probe for the session; throws 429 once the window's budget is spent. */
  take(sessionId: string, now = Date.now()) {
    if (this.windows.size > 10_000) this.prune(now);
    const w = this.windows.get(sessionId);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(sessionId, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > this.max) throw new ApiError('请求过于频繁，请稍后再试', 429, 429);
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
