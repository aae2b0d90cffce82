import { useEffect, useState } from 'react';
import { getDictItems } from '../../session/dicts';

export interface DictOption {
  value: string;
  label: string;
  color?: string;
}

/**
 * Options of a dictionary (a cached code or a table dictionary `table,text,code`), or the given static
 * options. `missingCode` is true when neither is given (the caller shows 字典编码不能为空！).
 */
export function useDictOptions(dictCode: string | undefined, options?: Array<{ value: string | number; label?: string; text?: string }>) {
  const [loaded, setLoaded] = useState<{ code: string; items: DictOption[] } | null>(null);
  useEffect(() => {
    if (!dictCode || options) return;
    let alive = true;
    void getDictItems(dictCode).then(
      (list) =>
        alive &&
        setLoaded({
          code: dictCode,
          items: list.map((i) => ({ value: String(i.value), label: String(i.text ?? i.title ?? i.label ?? i.value), color: i.color })),
        }),
    );
    return () => {
      alive = false;
    };
  }, [dictCode, options]);
  if (options) return { options: options.map((o) => ({ value: String(o.value), label: String(o.label ?? o.text ?? o.value) })), loading: false, missingCode: false };
  const current = loaded && loaded.code === dictCode ? loaded.items : null;
  return { options: current ?? [], loading: !!dictCode && current === null, missingCode: !dictCode };
}
