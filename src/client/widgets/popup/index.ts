export { JPopup, type JPopupProps } from './JPopup';
export { PopupReportModal, POPUP_WIDTH, type PopupRecord } from './PopupReportModal';
export { ReportQueryForm } from './ReportQueryForm';
export { ReportTable } from './ReportTable';
export { useReport, REPORT_PAGE_SIZES } from './useReport';
export { popupConfigError, popupFillValues, popupRowKey, parseSorter } from './popup-config';
