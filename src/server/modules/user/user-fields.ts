import type { FieldMap } from '../../lib/list-query.js';

/** Filterable and sortable user properties (protocol §10 SysUser); the password hash is not one of them. */
export const USER_FIELDS: FieldMap = {
  id: { type: 'string' },
  username: { type: 'string' },
  realname: { type: 'string' },
  sex: { type: 'number', dict: 'sex' },
  status: { type: 'number', dict: 'user_status' },
  post: { type: 'string', dict: 'sys_position,name,code' },
  email: { type: 'string' },
  phone: { type: 'string' },
  telephone: { type: 'string' },
  workNo: { type: 'string' },
  birthday: { type: 'date' },
  orgCode: { type: 'string' },
  userIdentity: { type: 'number', dict: 'user_identity' },
  userType: { type: 'string' },
  staffId: { type: 'string' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateBy: { type: 'string' },
  updateTime: { type: 'datetime' },
};

/** The columns a user record shows: everything but the password hash (CRED-05). */
export const USER_COLUMNS = [
  'sysUser.id',
  'sysUser.username',
  'sysUser.realname',
  'sysUser.avatar',
  'sysUser.birthday',
  'sysUser.sex',
  'sysUser.email',
  'sysUser.phone',
  'sysUser.orgCode',
  'sysUser.status',
  'sysUser.delFlag',
  'sysUser.workNo',
  'sysUser.post',
  'sysUser.telephone',
  'sysUser.userIdentity',
  'sysUser.departIds',
  'sysUser.relTenantIds',
  'sysUser.userType',
  'sysUser.staffId',
  'sysUser.createBy',
  'sysUser.createTime',
  'sysUser.updateBy',
  'sysUser.updateTime',
] as const;

/** The original's placeholder account for external callers; never listed. */
export const RESERVED_USERNAME = '_reserve_user_external';
