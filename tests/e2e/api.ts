/** Direct calls to the running test server's API, for browser tests that set up data without clicking. */

type Reply<T> = { success: boolean; message: string; result: T };

/** One API call (path under the server root, e.g. /jeecg-boot/online/cgform/api/form/x); throws on a refusal. */
export async function apiCall<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as Reply<T>;
  if (!reply.success) throw new Error(`${method} ${path}: ${reply.message}`);
  return reply.result;
}

/** A demo account's token (password Demo@2026). */
export async function apiToken(base: string, username: string): Promise<string> {
  return (
    await apiCall<{ token: string }>(base, '', 'POST', '/jeecg-boot/sys/login', {
      username,
      password: 'Demo@2026',
    })
  ).token;
}
