export { JBusinessPicker, BUSINESS_ELLIPSIS, type JBusinessPickerProps } from './JBusinessPicker';
export { BusinessPickerModal, BUSINESS_PICKER_WIDTH, BUSINESS_PAGE_SIZES } from './BusinessPickerModal';
