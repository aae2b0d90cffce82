import { useNavigate } from 'react-router-dom';

export interface JNameLinkProps {
  value?: string | number | null;
  /** Text to show instead of the value. */
  text?: string;
  /** Route to open, e.g. `/medicalRecords/list`. */
  path: string;
  /** Query sent with the route; values are strings. */
  query?: Record<string, string | number | undefined>;
}

/** A name that opens another screen with a query (spec §2 name-link). */
export function JNameLink({ value, text, path, query }: JNameLinkProps) {
  const navigate = useNavigate();
  const label = text ?? (value === null || value === undefined ? '' : String(value));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  const target = qs ? `${path}?${qs}` : path;
  return (
    <a
      href={target}
      className="j-name-link"
      onClick={(e) => {
        e.preventDefault();
        navigate(target);
      }}
    >
      {label}
    </a>
  );
}
