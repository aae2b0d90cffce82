/**
 * Storage names of the Vue2 console (protocol.md §2.4), kept so that sessions, settings and caches
 * stay where an existing deployment expects them. Local storage names get the `pro__` prefix.
 */
export const KEYS = {
  accessToken: 'Access-Token',
  loginUsername: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  cachedRoutes: 'CACHE_INCLUDED_ROUTES',
  projectInfo: 'PROJECT_INFO',
  // Layout settings.
  sidebarType: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layoutMode: 'DEFAULT_LAYOUT_MODE',
  color: 'DEFAULT_COLOR',
  colorWeak: 'DEFAULT_COLOR_WEAK',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixedSidemenu: 'DEFAULT_FIXED_SIDEMENU',
  fixedHeaderHidden: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  multipage: 'DEFAULT_MULTI_PAGE',
  menuFontSize: 'MENU_FONT_SIZE',
  /** Light, dark or following the system: new here, the Vue2 console had no dark mode. */
  themeMode: 'DEFAULT_THEME_MODE',
} as const;

/** Session-storage names (plain JSON, no prefix). */
export const SESSION_KEYS = {
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysAuth: 'SYS_BUTTON_AUTH',
} as const;
