import type { Migration } from 'kysely';
import * as m0001 from './0001-system.js';
import * as m0003 from './0003-files.js';
import * as m0004 from './0004-notices.js';
import * as m0005 from './0005-online.js';
import * as m0006 from './0006-security-log.js';
import * as m0007 from './0007-session-agent.js';
import * as m0008 from './0008-message-admin.js';
import * as m0009 from './0009-user-indexes.js';
import * as m0010 from './0010-sequences.js';
import * as m0011 from './0011-change-log.js';
import * as m0012 from './0012-user-tenant.js';
import * as m0013 from './0013-data-apply.js';
import * as m0014 from './0014-api-key.js';
import * as m0015 from './0015-form.js';
import * as m0016 from './0016-user-realname-index.js';
import * as m0017 from './0017-user-avatar-index.js';
import * as m0018 from './0018-user-create-time-id-index.js';

/**
 * Ordered migrations. Add a new file `NNNN-name.ts` and one line here; never edit a migration that has
 * shipped. Entity tables from `schemas/entities` are synchronised separately (db/entity-sync.ts).
 */
export const migrations: Record<string, Migration> = {
  '0001-system': m0001,
  '0003-files': m0003,
  '0004-notices': m0004,
  '0005-online': m0005,
  '0006-security-log': m0006,
  '0007-session-agent': m0007,
  '0008-message-admin': m0008,
  '0009-user-indexes': m0009,
  '0010-sequences': m0010,
  '0011-change-log': m0011,
  '0012-user-tenant': m0012,
  '0013-data-apply': m0013,
  '0014-api-key': m0014,
  '0015-form': m0015,
  '0016-user-realname-index': m0016,
  '0017-user-avatar-index': m0017,
  '0018-user-create-time-id-index': m0018,
};
