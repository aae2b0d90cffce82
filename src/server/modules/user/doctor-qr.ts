import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/tables.js';
import { cardToken } from '../doctor-card/token.js';

/** Whether one of the user's roles is a doctor role (workClass '4'), whatever their other roles are. */
export async function isDoctor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.workClass', '=', '4')
    .executeTakeFirst();
  return !!row;
}

/**
 * The doctor's card QR code (spec §6: doctors see a QR menu item): a PNG data URL encoding the public
 * card page on the console's own origin, `/doctor-card?c=<token>` (a signed doctor id, doctor-card/token.ts,
 * so nobody reaches a card by trying ids), which patients scan with WeChat. The origin is the one the
 * console was reached on (behind a proxy, its forwarded host).
 */
export async function doctorCardQr(request: FastifyRequest, doctorId: string): Promise<string> {
  const token = cardToken(request.server.ctx.cfg.sessionSecret, doctorId);
  const url = `${request.protocol}://${request.host}/doctor-card?c=${encodeURIComponent(token)}`;
  return QRCode.toDataURL(url, { type: 'image/png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
}
