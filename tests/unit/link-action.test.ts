import { describe, expect, it } from 'vitest';
import { linkUrl } from '../../src/client/renderer/actions/link';

describe('a link action’s route', () => {
  it('carries the row’s values as the query, encoded, leaving out empty ones', () => {
    expect(linkUrl('/chronic/modules/diseaseIntervene/healthInfo', { id: 'a1', patientName: '张 三&', x: '', y: null })).toBe(
      '/chronic/modules/diseaseIntervene/healthInfo?id=a1&patientName=%E5%BC%A0+%E4%B8%89%26',
    );
  });
  it('is the bare path without values', () => {
    expect(linkUrl('/a/b', { id: undefined })).toBe('/a/b');
  });
});
