/** Shapes of the session as the server sends them (protocol.md §2, §3). */
export interface UserInfo {
  id: string;
  username: string;
  realname?: string | null;
  avatar?: string | null;
  orgCode?: string | null;
  deptCode?: string | null;
  orgCodeTxt?: string | null;
  /** '3' sees every organisation, '4' is a doctor (spec §6). */
  workClass?: string | null;
  roleCodeList?: string[];
  relTenantIds?: string | null;
  [key: string]: unknown;
}

export interface Depart {
  id: string;
  departName: string;
  orgCode: string;
  deptCode?: string;
  [key: string]: unknown;
}

export interface Tenant {
  id: number | string;
  name: string;
  [key: string]: unknown;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  color?: string;
}

export type DictMap = Record<string, DictItem[]>;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs?: Depart[];
  /** 0 none, 1 one, 2 several (the user picks). */
  multi_depart?: number;
  sysAllDictItems?: DictMap;
  tenantList?: Tenant[];
}

export interface MenuMeta {
  title: string;
  icon?: string;
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  permissionList?: AuthRecord[];
  /** Codes of which the user needs one for the entry to be routed and shown (spec §4 "routes filtered by meta.permission"). */
  permission?: string[] | string;
  hideMenu?: boolean;
  /** URL polled for the entry's badge count. */
  cornerMark?: string;
}

export interface MenuNode {
  id?: string;
  /** '0': shown in menus but never registered as a route. */
  route?: string;
  path: string;
  name?: string;
  component?: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface AuthRecord {
  action: string;
  /** '1' show/hide control, '2' enable/disable control (excluded from button checks). */
  type?: string;
  /** '1' rule in force, '0' rule disabled (everyone may). */
  status?: string;
  describe?: string;
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: AuthRecord[];
  allAuth: AuthRecord[];
}
