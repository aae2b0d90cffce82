import type { FieldMap } from '../../lib/list-query.js';
import { ROLE_FIELDS } from '../role/role-fields.js';
import { ANNOUNCEMENT_FIELDS } from '../announcement/fields.js';
import { USER_FIELDS } from '../user/user-fields.js';

/**
 * The system tables whose changes are recorded, as history shows them: who may read a record's history
 * (the table's list permission, or its edit permission where the table has no list code), the fields
 * with a dictionary (for `_dictText`) and the field titles of the diff.
 */
export interface SystemTable {
  access: string;
  fields: FieldMap;
  titles: Record<string, string>;
}

const COMMON = { id: 'ID', tenantId: '租户', sysOrgCode: '所属部门', description: '描述', remark: '备注' };

export const SYSTEM_TABLES: Record<string, SystemTable> = {
  sys_user: {
    access: 'user:list',
    fields: USER_FIELDS,
    titles: {
      username: '用户账号', realname: '用户姓名', sex: '性别', status: '状态', post: '职务', email: '邮箱', phone: '手机号',
      telephone: '座机', workNo: '工号', birthday: '生日', orgCode: '部门编码', userIdentity: '身份', avatar: '头像',
      departIds: '负责部门', relTenantIds: '租户', userType: '账号类型', staffId: '员工编号',
      roles: '角色', departs: '所属部门', departRoles: '部门角色',
    },
  },
  sys_role: {
    access: 'role:edit',
    fields: ROLE_FIELDS,
    titles: { roleName: '角色名称', roleCode: '角色编码', workClass: '工作类别', permissions: '菜单权限', dataRules: '数据规则' },
  },
  sys_depart: {
    access: 'depart:edit',
    fields: { orgCategory: { type: 'string', dict: 'org_category' } },
    titles: {
      departName: '机构名称', departNameEn: '英文名', departNameAbbr: '缩写', departOrder: '排序', orgCategory: '机构类别',
      orgType: '机构类型', orgCode: '机构编码', mobile: '电话', fax: '传真', address: '地址', memo: '备注', status: '状态', parentId: '上级',
      permissions: '菜单权限',
    },
  },
  sys_depart_role: {
    access: 'depart:authorize',
    fields: {},
    titles: { departId: '部门', roleName: '部门角色名称', roleCode: '部门角色编码', permissions: '菜单权限' },
  },
  sys_dict: { access: 'dict:edit', fields: {}, titles: { dictName: '字典名称', dictCode: '字典编码', type: '类型' } },
  sys_dict_item: {
    access: 'dict:edit',
    fields: {},
    titles: { dictId: '字典', itemText: '名称', itemValue: '数据值', sortOrder: '排序', status: '状态', itemColor: '颜色' },
  },
  sys_position: {
    access: 'position:edit',
    fields: { postRank: { type: 'string', dict: 'position_rank' } },
    titles: { code: '职务编码', name: '职务名称', postRank: '职级', companyId: '公司' },
  },
  sys_tenant: {
    access: 'tenant:list',
    fields: { status: { type: 'number', dict: 'tenant_status' } },
    titles: { name: '租户名称', beginDate: '开始时间', endDate: '结束时间', status: '状态' },
  },
  sys_permission: {
    access: 'permission:list',
    fields: {},
    titles: { name: '菜单名称', url: '路径', component: '组件', perms: '授权标识', menuType: '菜单类型', sortNo: '排序', parentId: '上级', hidden: '隐藏', ruleFlag: '有数据规则' },
  },
  sys_permission_data_rule: {
    access: 'permission:list',
    fields: {},
    titles: { permissionId: '菜单', ruleName: '规则名称', ruleColumn: '规则字段', ruleConditions: '条件', ruleValue: '规则值', status: '状态' },
  },
  sys_category: { access: 'category:edit', fields: {}, titles: { pid: '上级', name: '分类名称', code: '分类编码', hasChild: '有下级' } },
  sys_check_rule: {
    access: 'checkRule:edit',
    fields: {},
    titles: { ruleName: '规则名称', ruleCode: '规则编码', ruleJson: '规则内容', ruleDescription: '规则描述' },
  },
  sys_message_template: {
    access: 'msgTemplate:list',
    fields: {},
    titles: { code: '模板编码', name: '模板名称', tplType: '模板类型', title: '模板标题', content: '模板内容', status: '状态' },
  },
  sys_announcement: {
    access: 'announcement:list',
    fields: ANNOUNCEMENT_FIELDS,
    titles: {
      titile: '标题', msgContent: '内容', sender: '发布人', priority: '优先级', msgCategory: '类型', msgType: '通告对象',
      sendStatus: '发布状态', startTime: '开始时间', endTime: '结束时间', userIds: '指定用户', msgAbstract: '摘要',
    },
  },
  sys_api_key: {
    access: 'apiKey:list',
    fields: { status: { type: 'number', dict: 'api_key_status' } },
    titles: { name: '密钥名称', orgId: '所属机构', keyPrefix: '密钥前缀', entities: '可上传的数据', status: '状态', lastUsedTime: '最近使用' },
  },
  sys_label: {
    access: 'label:sys',
    fields: { labelType: { type: 'string' } },
    titles: { name: '标签名称', color: '颜色', labelType: '标签类型', ownerId: '所有人', sortNo: '排序' },
  },
  sys_form: {
    access: 'online:form:list',
    fields: {},
    titles: { code: '表单编码', title: '表单名称', status: '状态', version: '版本' },
  },
  sys_feedback: {
    access: 'feedback:list',
    fields: { fbType: { type: 'string', dict: 'feedback_type' }, status: { type: 'string', dict: 'feedback_status' } },
    titles: {
      fbType: '反馈类型', content: '反馈内容', contact: '联系方式', images: '图片', status: '处理状态', reply: '处理意见',
      handleBy: '处理人', handleTime: '处理时间', userId: '反馈人',
    },
  },
};

export const systemTitle = (table: SystemTable, field: string) =>
  table.titles[field] ?? (COMMON as Record<string, string>)[field] ?? field;
