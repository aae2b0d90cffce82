import { DYNAMIC_FORM_LOGIN_PATH, HOME_PATH } from './constants';

/** Application codes named in spec §1. One build serves all of them. */
export const APP_CODES = {
  erp: 'YJY-ERP-WEB',
  rwsProject: 'RWS-P-WEB',
  rwsOrg: 'RWS-O-WEB',
  dynamicFormDesktop: 'DF-D-WEB',
  tbDoctor: 'TB-D-WEB',
  tbDoctorZy: 'TB-D-WEB-ZY',
  tbInternetHospital: 'TB-IH-WEB',
  pdDoctor: 'PD-D-WEB',
  psc: 'PSC-TB-WEB',
  /** The mobile dynamic-form variant: root goes to its own sign-in page. */
  mobileDynamicForm: 'DF-M-WEB',
  /** The driver web application: shows the recent unread-message modal at start. */
  driverWeb: 'DRIVER-WEB',
} as const;

export const DEFAULT_APP_CODE = APP_CODES.erp;

/** Web aliases with their own sign-in routes (spec §2 table). */
export const WEB_ALIASES = { bsc: 'BSC', ycbl: 'YCBL' } as const;

/** Every sign-in route of spec §2; the route decides the screen's branding. */
export const LOGIN_SCREENS = {
  '/user/login': 'default',
  '/user/tblogin': 'tb',
  '/user/dflogin': 'df',
  '/user/tbzylogin': 'tbzy',
  '/user/bllogin': 'bl',
  '/user/bscbllogin': 'bscbl',
  '/user/ycbllogin': 'ycbl',
  [DYNAMIC_FORM_LOGIN_PATH]: 'dynamicForm',
} as const;
export type LoginScreenKey = (typeof LOGIN_SCREENS)[keyof typeof LOGIN_SCREENS];
export const LOGIN_PATHS = Object.keys(LOGIN_SCREENS);

export interface AppVariant {
  code: string;
  /** Where the guard sends a visitor without a session. */
  loginPath: string;
  /** Default menu theme before the user picks one in the settings drawer. */
  navTheme: 'dark' | 'light';
  /** Title of the fixed home tab. */
  homeTabTitle: 'home' | 'statisticsAnalysis';
  /** The menu entry titled 首页 is shown as 统计分析. */
  renameHomeMenu: boolean;
  /** Header shows the stored project name (cut to 8 characters). */
  showProjectName: boolean;
  /** Target of the root path. */
  rootPath: string;
  /** Whether the login redirect carries `?redirect=<intended path>`. */
  redirectQuery: boolean;
}

const base: AppVariant = {
  code: DEFAULT_APP_CODE,
  loginPath: '/user/login',
  navTheme: 'dark',
  homeTabTitle: 'home',
  renameHomeMenu: false,
  showProjectName: false,
  rootPath: HOME_PATH,
  redirectQuery: true,
};

/** Per-code differences from the default; codes not listed use the default row. */
const TABLE: Record<string, Partial<AppVariant>> = {
  [APP_CODES.erp]: {},
  [APP_CODES.psc]: {},
  [APP_CODES.tbDoctor]: { loginPath: '/user/tblogin', navTheme: 'light' },
  [APP_CODES.dynamicFormDesktop]: {
    loginPath: '/user/dflogin',
    navTheme: 'light',
    homeTabTitle: 'statisticsAnalysis',
    renameHomeMenu: true,
  },
  [APP_CODES.rwsProject]: { loginPath: '/user/bllogin', navTheme: 'light', showProjectName: true },
  [APP_CODES.rwsOrg]: { loginPath: '/user/bllogin', navTheme: 'light' },
  [APP_CODES.tbDoctorZy]: { loginPath: '/user/tbzylogin', navTheme: 'light' },
  [APP_CODES.tbInternetHospital]: { loginPath: '/user/tbzylogin', navTheme: 'light' },
  // Mobile users land on the form sign-in; a desktop path in `redirect` would mean nothing there.
  [APP_CODES.mobileDynamicForm]: {
    loginPath: DYNAMIC_FORM_LOGIN_PATH,
    navTheme: 'light',
    rootPath: DYNAMIC_FORM_LOGIN_PATH,
    redirectQuery: false,
  },
};

const ALIAS_LOGIN: Record<string, string> = {
  [WEB_ALIASES.bsc]: '/user/bscbllogin',
  [WEB_ALIASES.ycbl]: '/user/ycbllogin',
};

/**
 * The variant for an application code and optional web alias. PD-D codes (any code containing PD-D)
 * share the default shell; their data-scope difference lives in list queries.
 */
export function resolveVariant(appCode: string | undefined, webAlias?: string): AppVariant {
  const code = appCode || DEFAULT_APP_CODE;
  const aliasKey = (webAlias || (code in ALIAS_LOGIN ? code : '')).toUpperCase();
  const row = TABLE[code] ?? {};
  const variant: AppVariant = { ...base, ...row, code };
  if (ALIAS_LOGIN[aliasKey]) variant.loginPath = ALIAS_LOGIN[aliasKey];
  return variant;
}
