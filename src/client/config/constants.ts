/** Fixed numbers and paths of the shell (spec §2, §9). */
export const HOME_PATH = '/dashboard/analysis';
export const NOT_FOUND_PATH = '/404';
export const DYNAMIC_FORM_LOGIN_PATH = '/dynamicForm/login';
/** The doctor's public card, the link in the doctor's QR code (server: modules/doctor-card). */
export const DOCTOR_CARD_PATH = '/doctor-card';

export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_TIMEOUT_MS = 120_000;
/** Session, dictionary and department lifetime in local storage: 7 days. */
export const SESSION_TTL_MS = 604_800_000;
export const BADGE_POLL_MS = 10_000;
export const UNAUTHORIZED_RELOAD_MS = 1_500;

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const HEADER_AUTO_HIDE_PX = 100;
export const PROJECT_NAME_MAX = 8;
export const MOBILE_MAX_WIDTH = 767.99;
export const TABLET_MAX_WIDTH = 1087.99;

/** Value of the application-code header when the runtime config names none. */
export const DEFAULT_HEADER_APP_CODE = 'PSC-TB-WEB';
/**
 * The protocol's public signing secret (protocol.md §4.2). Signing is compatibility, not security: the
 * runtime config may name the server's secret (`signSecret`) when it differs.
 */
export const DEFAULT_SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
