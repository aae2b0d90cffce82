import { Tag } from 'antd';
import { useEffect, useState } from 'react';
import { getDictItems } from '../../session/dicts';
import type { DictItem } from '../../session/types';
import { JEllipsis } from '../../widgets/ellipsis/JEllipsis';
import { FileNameCell } from '../../widgets/upload/FileNameCell';
import { useFileSrc } from '../../widgets/upload/file-url';
import { splitValues } from '../../widgets/picker-kit/values';
import { t } from '../../locale/zh-CN';

export type CellFormat = 'text' | 'image' | 'file' | 'date' | 'number' | 'tag';
type Row = Readonly<Record<string, unknown>>;

/** What a dictionary column shows before the server's `<field>_dictText` is known: items of the code. */
function useDictItems(code: string | undefined): DictItem[] {
  const [items, setItems] = useState<DictItem[]>([]);
  useEffect(() => {
    if (!code) return;
    let alive = true;
    void getDictItems(code).then((list) => alive && setItems(list));
    return () => {
      alive = false;
    };
  }, [code]);
  return items;
}

/** The display text of a field: `<field>_dictText` from the server, else the dictionary, else the value. */
export function displayText(row: Row, field: string, dictItems?: readonly DictItem[]): string {
  const dictText = row[`${field}_dictText`];
  if (dictText !== undefined && dictText !== null && dictText !== '') return String(dictText);
  const raw = row[field];
  if (raw === undefined || raw === null) return '';
  if (dictItems?.length) {
    return splitValues(String(raw))
      .map((v) => dictItems.find((i) => String(i.value) === v)?.text ?? v)
      .join(',');
  }
  return String(raw);
}

const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 6 });

function ImageCell({ path }: { path: string }) {
  const { src } = useFileSrc(path);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={t.renderer.table.imageAlt}
      style={{ maxWidth: 80, maxHeight: 25, objectFit: 'contain' }}
    />
  );
}

export interface CellProps {
  row: Row;
  field: string;
  format?: CellFormat;
  dict?: string;
  /** Display width for ellipsis; false or 0 shows the whole text. */
  ellipsis?: number | false;
}

/** One table or detail value, rendered as text (never as HTML). */
export function Cell({ row, field, format = 'text', dict, ellipsis = 25 }: CellProps) {
  const needsDict = !!dict && (row[`${field}_dictText`] === undefined || row[`${field}_dictText`] === null);
  const items = useDictItems(needsDict ? dict : undefined);
  const raw = row[field];
  if (format === 'image') {
    const first = splitValues(raw == null ? '' : String(raw))[0];
    return first ? <ImageCell path={first} /> : null;
  }
  if (format === 'file') return <FileNameCell value={raw == null ? '' : String(raw)} />;
  let text = displayText(row, field, items);
  if (format === 'date' && text.length > 10) text = text.slice(0, 10);
  if (format === 'number' && text !== '' && Number.isFinite(Number(text)))
    text = numberFormat.format(Number(text));
  if (format === 'tag') {
    if (!text) return null;
    // A workflow state comes with its colour (`<field>_color`, server); else the dictionary item's.
    const color = (row[`${field}_color`] as string | undefined) ?? items.find((i) => String(i.value) === String(raw))?.color;
    return <Tag color={color}>{text}</Tag>;
  }
  if (!ellipsis) return <span>{text}</span>;
  return <JEllipsis value={text} length={ellipsis} />;
}
