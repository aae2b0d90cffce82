import { memo, useState } from 'react';
import { feedback } from '../../../api/feedback';
import { popupConfigError, popupFillValues } from '../../popup/popup-config';
import { PopupReportModal } from '../../popup/PopupReportModal';
import { useTableApi } from '../grid/context';
import { SEARCH_ICON } from './icons';
import { Shell } from './Shell';
import type { CellProps } from './types';

/**
 * popup: the popup report picker in a cell. The chosen record fills destFields of the same row from its
 * orgFields (spec §4); a column without a usable configuration says so instead of opening.
 */
export const PopupCell = memo(function PopupCell({
  column,
  rowIndex,
  value,
  disabled,
  placeholder,
  autoOpen,
}: CellProps) {
  const api = useTableApi();
  const problem = popupConfigError({
    code: column.popupCode,
    orgFields: column.orgFields,
    destFields: column.destFields,
  });
  const [open, setOpen] = useState(autoOpen && !problem);
  const text = value === null || value === undefined ? '' : String(value);
  const openDialog = () => {
    if (problem) {
      feedback().message.error(problem);
      return;
    }
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    api.blurred(rowIndex, column);
  };
  return (
    <>
      <Shell
        text={text}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={openDialog}
        suffix={SEARCH_ICON}
      />
      {open ? (
        <PopupReportModal
          open
          code={column.popupCode as string}
          multi={column.multi}
          onCancel={close}
          onOk={(records) => {
            api.setRowValues(
              rowIndex,
              popupFillValues(records, column.orgFields as string, column.destFields as string),
            );
            close();
          }}
        />
      ) : null}
    </>
  );
});
