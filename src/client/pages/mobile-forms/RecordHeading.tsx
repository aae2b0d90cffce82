import { Tag } from 'antd';
import { t } from '../../locale/zh-CN';
import { Cell, displayText } from '../../renderer/list/cells';
import type { CardFields } from './card-fields';
import type { Draft } from './draft-store';
import type { Row } from './form-records';

const L = t.mobileForms;

/** A record as its card heads it: the list's first text columns, its plan date, its state and its draft. */
export function RecordHeading({ row, card, draft }: { row: Row; card: CardFields; draft?: Draft }) {
  // The first column heads the card; the others (e.g. the project, the visit) go under it.
  const [title, ...rest] = card.title.map((c) => displayText(row, c.dataIndex)).filter(Boolean);
  const date = card.date ? displayText(row, card.date.dataIndex).slice(0, 10) : '';
  return (
    <div className="mobile-forms-heading">
      <div className="mobile-forms-heading-title">{title}</div>
      {rest.length > 0 && <div className="mobile-forms-heading-sub">{rest.join(' · ')}</div>}
      <div className="mobile-forms-heading-meta">
        {date && <span>{L.planDate(date)}</span>}
        <span className="mobile-forms-tags">
          {card.state && <Cell row={row} field={card.state.dataIndex} format="tag" dict={card.state.dict} />}
          {draft?.pending && <Tag color="orange">{L.pendingSync}</Tag>}
          {draft && !draft.pending && draft.refused && <Tag color="red">{L.refused}</Tag>}
          {draft && !draft.pending && !draft.refused && <Tag>{L.hasDraft}</Tag>}
        </span>
      </div>
    </div>
  );
}
