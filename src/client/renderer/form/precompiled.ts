import { useEffect, useState } from 'react';
import type { FieldError, RecordValidator } from '../../../shared/entity-record';
import { validators } from '../../generated/entity-validators';

/**
 * Record validators precompiled from the entity definitions by `npm run schemas:types` (ajv standalone
 * code: no ajv compiler and no `new Function` in the browser), named by entity code. Each loads with
 * the first form that names it.
 */
export function usePrecompiledValidator(
  name: string | undefined,
): ((values: Record<string, unknown>) => FieldError[]) | null {
  const [loaded, setLoaded] = useState<{ name: string; fn: RecordValidator } | null>(null);
  useEffect(() => {
    const load = name ? validators[name] : undefined;
    if (!name || !load) return;
    let alive = true;
    void load().then((fn) => alive && setLoaded({ name, fn }));
    return () => {
      alive = false;
    };
  }, [name]);
  return loaded && loaded.name === name ? loaded.fn : null;
}
