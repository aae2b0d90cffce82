import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { registerComponentResolver } from '../../../src/client/router/registry';

/** A page with state, to see whether keep-alive keeps it. */
function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((x) => x + 1)}>
      计数 {n}
    </button>
  );
}

/** A page that shows where it is and has a field to type into. */
function Plain() {
  const { pathname } = useLocation();
  return (
    <section>
      <h2>页面 {pathname}</h2>
      <input aria-label="备注" />
      <Link to={`${pathname}?n=next`}>下一条</Link>
    </section>
  );
}

export function registerTestPages() {
  return registerComponentResolver((name) => (name === 'test/Counter' ? Counter : name === 'test/Plain' ? Plain : null));
}
