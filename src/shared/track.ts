/** The tracking screen's answer (GET /online/cgform/api/track/<code>/<id>), shared by server and console. */

/** The newest this many events are answered; older ones are left out (the answer says so). */
export const MAX_TRACK_EVENTS = 500;

/** One line of the timeline. */
export interface TrackEvent {
  id: string;
  time: string;
  /** Realname of who did it (the username when the user is gone). */
  user: string | null;
  entity: string;
  entityName: string;
  recordId: string;
  label: string;
  action: 'add' | 'edit' | 'delete' | 'transition' | 'import' | 'restore' | 'compute' | 'trigger';
  /** State texts of a transition. */
  from?: string;
  to?: string;
  comment: string | null;
  /** Titles of the fields an edit changed (a child table by its title). */
  fields?: string[];
}
