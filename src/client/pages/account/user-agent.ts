/** A person's name for the browser and system of a User-Agent: "Chrome 131 · Windows". */
export function deviceSummary(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const version = (re: RegExp) => re.exec(ua)?.[1]?.split('.')[0];
  const browsers: Array<[string, RegExp]> = [
    ['微信', /MicroMessenger\/([\d.]+)/],
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  let browser: string | null = null;
  for (const [name, re] of browsers) {
    const v = version(re);
    if (v) {
      browser = `${name} ${v}`;
      break;
    }
  }
  const systems: Array<[string, RegExp]> = [
    ['iPhone', /iPhone/],
    ['iPad', /iPad/],
    ['Android', /Android/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ];
  const system = systems.find(([, re]) => re.test(ua))?.[0] ?? null;
  const parts = [browser, system].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' · ') : ua.slice(0, 60);
}
