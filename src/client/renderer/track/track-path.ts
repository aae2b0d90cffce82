/** The route of a record's tracking screen (renderer/track/TrackPage). */
export const TRACK_ROUTE = '/online/track/:code/:id';
export const TRACK_COMPONENT = 'online/Track';

export const trackPath = (code: string, id: string) =>
  `/online/track/${encodeURIComponent(code)}/${encodeURIComponent(id)}`;
