/** Reusable dialogs of the widget library. */
export { DoctorQrModal, DOCTOR_QR_URL, type DoctorQrModalProps } from './DoctorQrModal';
export { FilePopup, type FilePopupProps } from './FilePopup';
