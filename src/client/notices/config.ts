import { APP_CODES } from '../config/variants';

/** The application code whose consoles show the unread-message modal at start (spec §2, §4). */
export const DRIVER_WEB_APP_CODE = APP_CODES.driverWeb;

/** Fallback while the push channel is down (spec §9): count every 6 s, a full refresh after 60 s. */
export const POLL_COUNT_MS = 6_000;
export const POLL_REFRESH_MS = 60_000;

/** Reconnect backoff of the push channel. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The bell popover and the modals (spec §9). */
export const POPOVER_WIDTH = 300;
export const UNREAD_MODAL_WIDTH = 500;
export const VIEWER_WIDTH = '60%';
export const VIEWER_HEIGHT = '80vh';

/** Where "view more" and announcement links lead. */
export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';
export const VISIT_FORM_PATH = '/medicalRecords/list';
export const PATIENT_ABNORMAL_PATH = '/chronic/diseaseIntervene/patientManage/patientAbnormal';
