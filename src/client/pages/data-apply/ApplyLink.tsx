import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActionPartProps } from '../../renderer/parts/registry';
import type { ApplyPage } from '../../../shared/page-derive/audit';
import { applyPath } from './paths';

/** The application actions of an audited entity (page-derive/audit.ts): open the application screen in its own tab. */
export default function ApplyLink({ config, row, routeCode, onClose }: ActionPartProps) {
  const navigate = useNavigate();
  // Once per click: the list re-renders (a new onClose) while the route changes.
  const done = useRef(false);
  const props = (config.props ?? {}) as { entity?: string; page?: ApplyPage };
  const entity = props.entity ?? routeCode;
  const id = row?.id === undefined || row.id === null ? undefined : String(row.id);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (entity && props.page) navigate(applyPath(props.page, { entity, id }));
    onClose();
  }, [entity, id, props.page, navigate, onClose]);
  return null;
}
