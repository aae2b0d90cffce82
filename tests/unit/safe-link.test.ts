import { checkLink, hasControlChars, isLocalImage, isSafeHref, isSafeLink, isSitePath } from '../../src/shared/safe-link';

/** Each of these is `//evil.example/login` (or a script) once a browser has read it. */
const OFF_SITE = [
  '/\t/evil.example/login',
  '/\n/evil.example/login',
  '/\r/evil.example/login',
  '//evil.example/login',
  '/\\evil.example/login',
  '/\\/evil.example/login',
  '\\\\evil.example/login',
  ' //evil.example/login',
  '\u200b//evil.example/login',
];

describe('in-console links (same-origin paths)', () => {
  test.each(['/isystem/user', '/isps/userAnnouncement?tab=1#top', '/online/cgformList/:code', '/a/../b', '/%2F%2Fevil.example'])('%s is a site path', (link) => {
    expect(isSitePath(link)).toBe(true);
    expect(checkLink(link, { external: true })).toEqual({ ok: true, kind: 'path' });
  });

  test.each(OFF_SITE)('%j is refused', (link) => {
    expect(isSitePath(link)).toBe(false);
    expect(isSafeLink(link, { external: true })).toBe(false);
  });

  test('tab, newline, NUL, spaces and invisible format characters are named as the problem', () => {
    for (const link of ['/\t/evil.example', '/x\ny', '/x\u0000', '/x y', '/x\u00a0y', '/x\u2028y', '/x\u202ey', '/x\ufeff'])
      expect(checkLink(link, { external: true }), JSON.stringify(link)).toEqual({ ok: false, problem: 'control' });
    expect(checkLink('//evil.example', { external: true })).toEqual({ ok: false, problem: 'invalid' });
    expect(hasControlChars('普通文字/abc')).toBe(false);
  });

  test('empty and over-long links are refused', () => {
    expect(isSitePath('')).toBe(false);
    expect(isSitePath(`/${'a'.repeat(2000)}`)).toBe(false);
  });
});

describe('external links', () => {
  test('http(s) addresses only where the field allows them', () => {
    expect(checkLink('https://help.example.com/guide?x=1', { external: true })).toEqual({ ok: true, kind: 'external' });
    expect(isSafeLink('http://help.example.com', { external: true })).toBe(true);
    expect(isSafeLink('https://help.example.com/guide', { external: false })).toBe(false);
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example.com/a',
    'https:evil.example',
    'https://trusted.example@evil.example/',
    'https://user:pass@evil.example/',
    'https://',
    'help.example.com/guide',
  ])('%j is refused', (link) => {
    expect(isSafeLink(link, { external: true })).toBe(false);
  });
});

describe('rich-text images and links', () => {
  const STATIC = 'https://static.example/files';
  test('images of this site and of the static-file domain stay', () => {
    expect(isLocalImage('/jeecg-boot/sys/common/static/a.png', '')).toBe(true);
    expect(isLocalImage('https://static.example/files/a.png', STATIC)).toBe(true);
    expect(isLocalImage('https://static.example/files/a.png', `${STATIC}/`)).toBe(true);
  });

  test.each([
    ['https://tracker.example/p.gif', STATIC],
    ['https://static.example/other/a.png', STATIC],
    ['https://static.example.evil.com/files/a.png', STATIC],
    ['https://static.example/files/a.png', '/jeecg-boot/sys/common/static'],
    ['//tracker.example/p.gif', STATIC],
    ['/\t/tracker.example/p.gif', STATIC],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', STATIC],
    ['x', STATIC],
  ])('image %j (static domain %j) is dropped', (src, domain) => {
    expect(isLocalImage(src, domain)).toBe(false);
  });

  test('links: web pages, site paths, mail, phone and anchors; nothing else', () => {
    for (const ok of ['https://example.cn', '/isystem/user', 'mailto:a@b.cn', 'tel:010-12345678', '#part-2']) expect(isSafeHref(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '/\t/evil.example', '//evil.example', 'mailto:\t//x', '#x y']) expect(isSafeHref(bad), bad).toBe(false);
  });
});
