import { lsGet, lsRemove, lsSet } from '../../session/storage';

/**
 * Unsent changes of the phone form page, kept in localStorage so that a dropped network (or a closed
 * tab) loses nothing: one map per user, keyed by entity and record id.
 */
export interface Draft {
  entity: string;
  id: string;
  values: Record<string, unknown>;
  /** When the draft was last written (ms). */
  savedAt: number;
  /** A save was tried and got no answer: sent again when the network returns. */
  pending: boolean;
  /** The server's refusal of the last save (the draft is kept until the user fixes it). */
  refused?: string;
}

type DraftMap = Record<string, Draft>;

const storeKey = (user: string) => `mobile-form-drafts:${user}`;
const draftKey = (entity: string, id: string) => `${entity}:${id}`;

function readAll(user: string): DraftMap {
  const map = lsGet<DraftMap>(storeKey(user));
  return map && typeof map === 'object' && !Array.isArray(map) ? map : {};
}

function writeAll(user: string, map: DraftMap): void {
  if (Object.keys(map).length) lsSet(storeKey(user), map);
  else lsRemove(storeKey(user));
}

export function readDraft(user: string, entity: string, id: string): Draft | undefined {
  const d = readAll(user)[draftKey(entity, id)];
  return d && typeof d.values === 'object' && d.values ? d : undefined;
}

/** Every draft of the user (those of other users on the same phone stay apart). */
export function listDrafts(user: string): Draft[] {
  return Object.values(readAll(user)).filter((d) => d && typeof d.values === 'object' && d.values);
}

/** Writes the record's values as edited; a change after a refusal clears the refusal. */
export function saveDraft(user: string, entity: string, id: string, values: Record<string, unknown>): Draft {
  const map = readAll(user);
  const before = map[draftKey(entity, id)];
  const draft: Draft = { entity, id, values, savedAt: Date.now(), pending: before?.pending ?? false };
  map[draftKey(entity, id)] = draft;
  writeAll(user, map);
  return draft;
}

/** Marks the outcome of a save that did not reach the server (pending) or that it refused. */
export function markDraft(
  user: string,
  entity: string,
  id: string,
  mark: { pending: boolean; refused?: string },
): void {
  const map = readAll(user);
  const d = map[draftKey(entity, id)];
  if (!d) return;
  map[draftKey(entity, id)] = {
    ...d,
    pending: mark.pending,
    ...(mark.refused ? { refused: mark.refused } : { refused: undefined }),
  };
  writeAll(user, map);
}

export function clearDraft(user: string, entity: string, id: string): void {
  const map = readAll(user);
  delete map[draftKey(entity, id)];
  writeAll(user, map);
}
