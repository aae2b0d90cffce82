import { describe, expect, it } from 'vitest';
import { chunkPayloads } from '../../src/server/modules/ws/fanout.js';

describe('NOTIFY payloads of the notice fan-out', () => {
  it('split thousands of recipients into payloads under the PostgreSQL limit, keeping every id once', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i.toString(16).padStart(32, '0'));
    const frame = JSON.stringify({ cmd: 'user', msgId: 'a'.repeat(32), msgTxt: '全员通知'.repeat(20) });
    const payloads = chunkPayloads([...ids, ...ids.slice(0, 10)], frame);
    expect(payloads.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const p of payloads) {
      expect(Buffer.byteLength(p)).toBeLessThan(8000);
      const env = JSON.parse(p) as { u: string[]; f: string };
      expect(env.f).toBe(frame);
      seen.push(...env.u);
    }
    expect(seen).toEqual(ids);
  });

  it('sends a broadcast as one payload without recipients', () => {
    expect(chunkPayloads(null, '{"cmd":"topic"}')).toEqual(['{"u":null,"f":"{\\"cmd\\":\\"topic\\"}"}']);
  });
});
