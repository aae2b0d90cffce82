import { Type, type Static } from '@sinclair/typebox';
import type { FieldMap } from '../../lib/list-query.js';

/** Filterable and sortable announcement properties of the administration list. */
export const ANNOUNCEMENT_FIELDS: FieldMap = {
  titile: { type: 'string' },
  sender: { type: 'string' },
  priority: { type: 'string', dict: 'priority' },
  msgCategory: { type: 'string', dict: 'msg_category' },
  msgType: { type: 'string', dict: 'msg_type' },
  sendStatus: { type: 'string', dict: 'send_status' },
  openType: { type: 'string', dict: 'open_type' },
  startTime: { type: 'datetime' },
  endTime: { type: 'datetime' },
  sendTime: { type: 'datetime' },
  createTime: { type: 'datetime' },
};

/** The caller's inbox (joined with the announcement): what "my announcements" filters and sorts on. */
export const INBOX_FIELDS: FieldMap = {
  titile: { type: 'string' },
  sender: { type: 'string' },
  priority: { type: 'string', dict: 'priority' },
  msgCategory: { type: 'string', dict: 'msg_category' },
  readFlag: { type: 'number', dict: 'read_flag' },
  sendTime: { type: 'datetime' },
};

const DATE_TIME = '^$|^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$';
const opt = (schema: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * What add and edit accept. Extra keys a client sends back (sendStatus, sender, audit fields) are
 * ignored: only these are ever written. Enumerations are enumerations, so nothing else is stored
 * (XSS-02); the rich text is sanitised separately.
 */
export const AnnouncementBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  titile: Type.String({ minLength: 1, maxLength: 100 }),
  msgContent: opt(Type.String({ maxLength: 200_000 })),
  startTime: opt(Type.String({ pattern: DATE_TIME })),
  endTime: opt(Type.String({ pattern: DATE_TIME })),
  priority: Type.Optional(Type.Union([Type.Literal('L'), Type.Literal('M'), Type.Literal('H')])),
  msgCategory: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])),
  msgType: Type.Optional(Type.Union([Type.Literal('ALL'), Type.Literal('USER')])),
  userIds: opt(Type.String({ maxLength: 40_000 })),
  openType: Type.Optional(Type.Union([Type.Literal('url'), Type.Literal('component'), Type.Literal(''), Type.Null()])),
  openPage: opt(Type.String({ maxLength: 300 })),
  busType: opt(Type.String({ maxLength: 32, pattern: '^$|^[A-Za-z][A-Za-z0-9_]*$' })),
  busId: opt(Type.String({ maxLength: 64, pattern: '^$|^[A-Za-z0-9_-]+$' })),
  msgAbstract: opt(Type.String({ maxLength: 500 })),
});
export type AnnouncementInput = Static<typeof AnnouncementBody>;

/** Columns an announcement answers with (recipients see them without the recipient list). */
export const ANNOUNCEMENT_COLUMNS = [
  'id',
  'titile',
  'msgContent',
  'startTime',
  'endTime',
  'sender',
  'priority',
  'msgCategory',
  'msgType',
  'sendStatus',
  'sendTime',
  'cancelTime',
  'delFlag',
  'userIds',
  'busType',
  'busId',
  'openType',
  'openPage',
  'msgAbstract',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const;

export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
