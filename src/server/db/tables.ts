import type { Generated } from 'kysely';

/**
 * Kysely table types for the system tables. Property names are camelCase; the CamelCasePlugin maps
 * them to snake_case columns. Date-times are `YYYY-MM-DD HH:mm:ss` text; flags are 0/1 integers, so the
 * same rows work on SQLite and PostgreSQL. Entity tables from `schemas/entities` are untyped (dynamic).
 */
export interface Audit {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysTenantTable {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  createBy: string | null;
  createTime: string | null;
}

export interface SysDepartTable extends Audit {
  id: string;
  parentId: string;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: string;
  tenantId: number;
}

export interface SysPositionTable extends Audit {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  companyId: string | null;
  sysOrgCode: string | null;
  tenantId: number;
}

export interface SysRoleTable extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  /** '2' organisation manager, '3' platform operator (no scope), '4' doctor; null for others. */
  workClass: string | null;
  tenantId: number;
}

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string;
  passwordHash: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  /** Staff accounts created through /api/sys/staff/user; 'staff' or null. */
  userType: string | null;
  staffId: string | null;
}

/** A user's membership of a tenant (migration 0012), the indexed form of sys_user.rel_tenant_ids. */
export interface SysUserTenantTable {
  userId: string;
  tenantId: number;
}

export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
}

export interface SysUserDepartTable {
  id: string;
  userId: string;
  depId: string;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parentId: string;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  menuType: number;
  isLeaf: number;
  isRoute: number;
  keepAlive: number;
  description: string | null;
  delFlag: number;
  ruleFlag: number;
  hidden: number;
  hideTab: number;
  status: string;
  alwaysShow: number;
  internalOrExternal: number;
  cornerMark: string | null;
}

export interface SysRolePermissionTable {
  id: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartPermissionTable {
  id: string;
  departId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartRoleTable extends Audit {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface SysDepartRolePermissionTable {
  id: string;
  departId: string;
  roleId: string;
  permissionId: string;
  dataRuleIds: string | null;
}

export interface SysDepartRoleUserTable {
  id: string;
  userId: string;
  droleId: string;
}

export interface SysPermissionDataRuleTable extends Audit {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string;
}

export interface SysDictTable extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  type: number;
  delFlag: number;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

export interface SysCategoryTable extends Audit {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
}

export interface SysCheckRuleTable extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
}

export interface SysSessionTable {
  id: string;
  tokenHash: string;
  userId: string;
  tenantId: number;
  orgCode: string | null;
  /** Application code chosen at sign-in; with workClass it decides the data scope. */
  appCode: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revoked: number;
  clientIp: string | null;
  /** The browser's User-Agent at sign-in (cut to 300 characters), shown in the personal centre. */
  userAgent: string | null;
}

export interface SysSmsCodeTable {
  mobile: string;
  codeHash: string;
  expiresAt: number;
  tries: number;
  used: number;
}

/** Sliding login-failure windows keyed by `acct:<username>` or `ip:<address>`. */
export interface SysLoginThrottleTable {
  key: string;
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

/** Security log (sys_log): insert-only. log_type 1 = sign-in, 2 = operation; result 1 = success, 0 = failure. */
/** One entry of a record's change history (migration 0011, modules/history). */
export interface SysChangeLogTable {
  id: string;
  tableName: string;
  recordId: string;
  action: 'add' | 'edit' | 'delete' | 'transition' | 'import' | 'restore' | 'compute' | 'trigger';
  /** JSON: `{ field: [before, after] }`, or the deleted row's snapshot. */
  changes: string;
  comment: string | null;
  createBy: string | null;
  createTime: string;
  ip: string | null;
  tenantId: number;
}

/** An application for an audited data change (issue 16 §3–4; migration 0013). */
export interface SysDataApplyTable {
  id: string;
  tenantId: number;
  entityCode: string;
  kind: 'add' | 'edit' | 'delete' | 'merge';
  /** The record (the survivor of a merge); null for an add. */
  recordId: string | null;
  /** JSON list of the merged ids (merge only). */
  mergeIds: string | null;
  /** JSON: the proposed values, child rows under their code. */
  payload: string;
  /** JSON: the record's snapshot when applied for (of a merge: `{ id: snapshot }`). */
  base: string | null;
  reason: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'stale' | 'withdrawn';
  applicantId: string;
  applicant: string;
  createTime: string;
  auditor: string | null;
  auditTime: string | null;
  auditComment: string | null;
  /** The added record's id, once an add is approved. */
  resultId: string | null;
  sysOrgCode: string | null;
  orgId: string | null;
  doctorId: string | null;
}

/** A device API key (设备密钥; migration 0014): only its hash is stored. */
export interface SysApiKeyTable {
  id: string;
  tenantId: number;
  /** The organisation (top-level department id) the key's posts act for. */
  orgId: string;
  name: string;
  /** sha256 hex of the whole key. */
  keyHash: string;
  /** The key's first characters, to tell keys apart in the list. */
  keyPrefix: string;
  /** Comma list of the entity codes the key may post to. */
  entities: string;
  /** 1 active, 0 revoked. */
  status: number;
  lastUsedTime: string | null;
  createBy: string | null;
  createTime: string;
  delFlag: number;
}

/** One version of a stored case-report form (表单设计; migration 0015). */
export interface SysFormTable {
  id: string;
  tenantId: number;
  code: string;
  version: number;
  /** A code has at most one draft, its newest version; a published version never changes. */
  status: 'draft' | 'published';
  title: string;
  /** The form definition as JSON text (schemas/meta/form.schema.json, without `version`). */
  definition: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  publishBy: string | null;
  publishTime: string | null;
}

export interface SysLogTable {
  id: string;
  logType: number;
  event: string;
  logContent: string;
  result: number;
  userid: string | null;
  username: string | null;
  target: string | null;
  ip: string | null;
  requestId: string | null;
  requestUrl: string | null;
  tenantId: number;
  createTime: string;
}

export interface SysMetaTable {
  key: string;
  value: string;
}

/** An uploaded file (migration 0003): `path` is server-made, `name` is the uploader's file name. */
export interface SysFileTable {
  id: string;
  biz: string;
  path: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
  tenantId: number;
  createBy: string | null;
  createTime: string | null;
}

/** Notices (migration 0004). `titile` is the protocol's spelling. */
export interface SysAnnouncementTable extends Audit {
  id: string;
  titile: string;
  msgContent: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  /** 'L' | 'M' | 'H' */
  priority: string;
  /** '1' notice, '2' system message */
  msgCategory: string;
  /** 'ALL' | 'USER' */
  msgType: string;
  /** '0' draft, '1' released, '2' revoked */
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  delFlag: number;
  /** Chosen recipients for msgType USER, comma-joined. */
  userIds: string | null;
  busType: string | null;
  busId: string | null;
  /** 'url' | 'component' | null */
  openType: string | null;
  openPage: string | null;
  msgAbstract: string | null;
  tenantId: number;
}

export interface SysAnnouncementSendTable {
  id: string;
  anntId: string;
  userId: string;
  readFlag: number;
  readTime: string | null;
  createTime: string | null;
}

/** A message in a user's bell; `redirect` is validated JSON. */
export interface SysMessageTable {
  id: string;
  userId: string;
  tenantId: number;
  title: string;
  content: string | null;
  classify: string;
  classifyName: string;
  msgColor: string;
  redirect: string | null;
  readFlag: number;
  readTime: string | null;
  /** The announcement this message announces, if any. */
  anntId: string | null;
  createBy: string | null;
  createTime: string;
}

export interface SysLabelTable extends Audit {
  id: string;
  name: string;
  color: string | null;
  /** 'sys' | 'user' */
  labelType: string;
  /** Owner of a user label; '' for system labels. */
  ownerId: string;
  sortNo: number;
  tenantId: number;
}

export interface SysLabelRlatTable {
  id: string;
  labelId: string;
  bizType: string;
  bizId: string;
  createBy: string | null;
  createTime: string | null;
}

export interface SysFeedbackTable extends Audit {
  id: string;
  tenantId: number;
  userId: string;
  fbType: string;
  content: string;
  contact: string | null;
  images: string | null;
  /** dict feedback_status */
  status: string;
  reply: string | null;
  handleBy: string | null;
  handleTime: string | null;
}

/** The column types entity-sync last gave an entity table (migration 0005). */
export interface SysEntityColumnTable {
  entityCode: string;
  columnName: string;
  columnType: string;
}

/** A message template (migration 0008); `title` and `content` hold `${name}` placeholders. */
export interface SysMessageTemplateTable extends Audit {
  id: string;
  tenantId: number;
  code: string;
  name: string;
  /** dict msg_tpl_type: system | sms | email */
  tplType: string;
  title: string;
  content: string | null;
  /** '1' enabled, '0' disabled */
  status: string;
}

/** One message an administrator sent (migration 0008). */
export interface SysMessageSendTable {
  id: string;
  tenantId: number;
  templateId: string | null;
  templateName: string | null;
  title: string;
  content: string | null;
  senderId: string;
  sender: string;
  recipientCount: number;
  createTime: string;
}

/** A recipient of a send and the message in his bell (its read flag is the read state). */
export interface SysMessageSendUserTable {
  id: string;
  sendId: string;
  userId: string;
  messageId: string;
}

/** A numbering rule's counter (migration 0010): the last number given in a period, per tenant (0 = global). */
export interface SysSequenceTable {
  ruleKey: string;
  period: string;
  tenantId: number;
  value: number;
}

export interface Database {
  sysTenant: SysTenantTable;
  sysDepart: SysDepartTable;
  sysPosition: SysPositionTable;
  sysRole: SysRoleTable;
  sysUser: SysUserTable;
  sysUserRole: SysUserRoleTable;
  sysUserDepart: SysUserDepartTable;
  sysUserTenant: SysUserTenantTable;
  sysPermission: SysPermissionTable;
  sysRolePermission: SysRolePermissionTable;
  sysDepartPermission: SysDepartPermissionTable;
  sysDepartRole: SysDepartRoleTable;
  sysDepartRolePermission: SysDepartRolePermissionTable;
  sysDepartRoleUser: SysDepartRoleUserTable;
  sysPermissionDataRule: SysPermissionDataRuleTable;
  sysDict: SysDictTable;
  sysDictItem: SysDictItemTable;
  sysCategory: SysCategoryTable;
  sysCheckRule: SysCheckRuleTable;
  sysSession: SysSessionTable;
  sysSmsCode: SysSmsCodeTable;
  sysLoginThrottle: SysLoginThrottleTable;
  sysLog: SysLogTable;
  sysChangeLog: SysChangeLogTable;
  sysDataApply: SysDataApplyTable;
  sysApiKey: SysApiKeyTable;
  sysForm: SysFormTable;
  sysMeta: SysMetaTable;
  sysFile: SysFileTable;
  sysEntityColumn: SysEntityColumnTable;
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
  sysMessage: SysMessageTable;
  sysLabel: SysLabelTable;
  sysLabelRlat: SysLabelRlatTable;
  sysFeedback: SysFeedbackTable;
  sysMessageTemplate: SysMessageTemplateTable;
  sysMessageSend: SysMessageSendTable;
  sysMessageSendUser: SysMessageSendUserTable;
  sysSequence: SysSequenceTable;
}

export type { Generated };
