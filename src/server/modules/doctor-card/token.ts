import crypto from 'node:crypto';

/**
 * The doctor card's link token: `<id>.<signature>`, the signature an HMAC-SHA256 of the doctor's user id
 * under the server's session secret (SESSION_SECRET) with a purpose prefix, so a card link cannot be made
 * up for another user id nor reused as any other signed value. Links do not expire: a printed QR code
 * keeps working; a doctor who leaves (frozen, deleted, no longer a doctor) has no card.
 */
const PURPOSE = 'doctor-card:';

const signature = (secret: string, id: string) =>
  crypto
    .createHmac('sha256', secret)
    .update(PURPOSE + id)
    .digest('base64url');

export const cardToken = (secret: string, doctorId: string) => `${doctorId}.${signature(secret, doctorId)}`;

/** The doctor id a token names, or null when it is malformed or its signature does not match. */
export function cardDoctorId(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, id));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}
