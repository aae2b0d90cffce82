import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionPartProps } from '../parts/registry';
import { trackPath } from './track-path';

/** The 跟踪 row action (page-derive/track.ts): opens the row's tracking screen in its own tab. */
export default function TrackLink({ config, row, routeCode, onClose }: ActionPartProps) {
  const navigate = useNavigate();
  // Once per click: the list re-renders (a new onClose) while the route changes.
  const done = useRef(false);
  const code = (config.props as { entity?: string } | undefined)?.entity ?? routeCode;
  const id = row?.id;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (code && id !== undefined && id !== null) navigate(trackPath(code, String(id)));
    onClose();
  }, [code, id, navigate, onClose]);
  return null;
}
