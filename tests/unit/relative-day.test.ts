import { describe, expect, it } from 'vitest';
import { relativeDay } from '../../src/server/lib/relative-day.js';

// Overdue lists and badges filter on dates relative to today, resolved per request.
describe('relative days in filters', () => {
  it('moves today by whole days across months and years', () => {
    expect(relativeDay('$today', '2026-03-01')).toBe('2026-03-01');
    expect(relativeDay('$today-1', '2026-03-01')).toBe('2026-02-28');
    expect(relativeDay('$today+31', '2026-12-01')).toBe('2027-01-01');
  });
  it('leaves any other text alone', () => {
    for (const text of ['2026-01-01', '$today-', '$tomorrow', '$today-12345', "$today-1' or 1=1"])
      expect(relativeDay(text, '2026-03-01')).toBeNull();
  });
});
