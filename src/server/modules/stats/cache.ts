/**
 * Answers kept for a statistic's cacheSeconds, per (code, caller scope, parameters), at most `max`
 * of them: the least recently used goes first (a Map iterates in insertion order, and a hit is
 * re-inserted). One cache per running app, so tests and reloads never share answers.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { expires: number; value: T }>();

  constructor(
    private readonly max = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.expires <= this.now()) return undefined;
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: T, seconds: number): void {
    if (seconds <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + seconds * 1000, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
