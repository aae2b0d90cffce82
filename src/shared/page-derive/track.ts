import type { EntityDefinition, PageAction } from '../schema-types.js';
import { track as L } from '../../client/locale/track.js';

/** The console part a 跟踪 action opens: it routes to /online/track/<entity>/<row id> (renderer/track). */
export const TRACK_PART = 'TrackLink';

/** The 跟踪 row action of an entity that declares `track`, for whoever reads its list. */
export const deriveTrackActions = (entity: EntityDefinition): PageAction[] =>
  entity.track ? [{ key: 'track', title: L.action, kind: 'part', part: { part: TRACK_PART, props: { entity: entity.code } } }] : [];
