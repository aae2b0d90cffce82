import { Input, InputNumber } from 'antd';
import { t } from '../../locale/zh-CN';
import { JDate } from '../../widgets/date/JDate';
import { JTime } from '../../widgets/date/JTime';
import { JSelectDepart } from '../../widgets/depart-picker/JSelectDepart';
import { JDictSelectTag } from '../../widgets/dict/JDictSelectTag';
import { JPopup } from '../../widgets/popup/JPopup';
import { JSelectUserByDep } from '../../widgets/user-picker/JSelectUserByDep';
import type { QueryLine } from './model';

const L = t.renderer.superQuery;

/** The value widget of a line, chosen by the field's type (spec §2 advanced query). Values are text. */
export function ValueInput({ line, onChange }: { line: QueryLine; onChange: (val: string) => void }) {
  const set = (v: string | number | null | undefined) =>
    onChange(v === null || v === undefined ? '' : String(v));
  const multiple = line.rule === 'in' || line.type === 'list_multi';
  if (line.dictCode || line.options?.length) {
    return (
      <JDictSelectTag
        value={line.val}
        dictCode={line.dictCode}
        options={line.dictCode ? undefined : line.options}
        multiple={multiple}
        placeholder={L.selectValue}
        onChange={set}
      />
    );
  }
  switch (line.type) {
    case 'date':
      return <JDate value={line.val} onChange={set} placeholder={L.selectValue} />;
    case 'datetime':
      return <JDate value={line.val} onChange={set} showTime placeholder={L.selectValue} />;
    case 'time':
      return <JTime value={line.val} onChange={set} placeholder={L.selectValue} />;
    case 'int':
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          value={line.val === '' ? null : Number(line.val)}
          precision={line.type === 'int' ? 0 : undefined}
          placeholder={L.value}
          onChange={set}
        />
      );
    case 'sel_user':
      return (
        <JSelectUserByDep
          value={line.val}
          multi={multiple}
          onChange={(v) => set(v)}
          placeholder={L.selectValue}
        />
      );
    case 'popup':
      // The report's field fills the value (the popup's single destination, named 'val' here).
      return line.popup ? (
        <JPopup
          value={line.val}
          code={line.popup.code}
          orgFields={line.popup.field}
          destFields="val"
          onChange={set}
          placeholder={L.selectValue}
        />
      ) : null;
    case 'sel_depart':
      return <JSelectDepart value={line.val} multi={multiple} onChange={set} placeholder={L.selectValue} />;
    default:
      return (
        <Input value={line.val} placeholder={L.value} onChange={(e) => set(e.target.value)} allowClear />
      );
  }
}
