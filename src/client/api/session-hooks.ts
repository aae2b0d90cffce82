/**
 * The HTTP client ends a session on 401 or an expired token, but the sign-out flow itself sends a
 * request; the session module registers its logout here so neither imports the other in a cycle.
 */
type Logout = () => Promise<void>;

let logoutHook: Logout = async () => {};

export function registerLogout(fn: Logout): void {
  logoutHook = fn;
}

export function runLogout(): Promise<void> {
  return logoutHook();
}
