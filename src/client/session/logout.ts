import { http } from '../api/http';
import { registerLogout } from '../api/session-hooks';
import { clearSession, useSessionStore } from './store';

/**
 * Ends the session: forgets token, user, tenant, permissions, dictionaries and cached routes first,
 * then tells the server (with the old token), ignoring its answer (spec §4).
 */
export async function logout(): Promise<void> {
  const token = useSessionStore.getState().token;
  clearSession();
  if (!token) return;
  try {
    // No body at all (protocol §2.6): without data axios sets no Content-Type.
    await http.post('/sys/logout', undefined, { headers: { 'X-Access-Token': token }, silent: true });
  } catch {
    // Already gone on the server, or offline: the local session is over either way.
  }
}

registerLogout(logout);
