import { useState } from 'react';
import { t } from '../../locale/zh-CN';
import type { RefPopupMapping } from '../../../shared/ref-popup';
import { SEARCH_ICON } from '../editable-table/cells/icons';
import { Shell } from '../editable-table/cells/Shell';
import { popupFillValues } from '../popup/popup-config';
import { PopupReportModal } from '../popup/PopupReportModal';

export interface RefPopupCellProps {
  mapping: RefPopupMapping;
  /** The ref's shown text: the row's `<field>_dictText`. */
  text: string | null | undefined;
  disabled: boolean;
  /** Receives the picked id, its text and the filled columns at once, so formulas follow them. */
  setRowValues: (values: Record<string, unknown>) => void;
}

/**
 * A child table's ref cell picked through the field's popup report (EntityRef.popup): shows the target's
 * text, opens the report, and writes the picked row's id, display text and fill columns into the row.
 */
export function RefPopupCell({ mapping, text, disabled, setRowValues }: RefPopupCellProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Shell
        text={text ?? ''}
        placeholder={t.editable.popup.placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        suffix={SEARCH_ICON}
      />
      {open ? (
        <PopupReportModal
          open
          code={mapping.code}
          onCancel={() => setOpen(false)}
          onOk={(records) => {
            setRowValues(popupFillValues(records, mapping.orgFields, mapping.destFields));
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
