import type { ISchema } from '@formily/react';
import { t } from '../../locale/zh-CN';
import { REPORT_TOOLS_SECTION } from '../demo/gallery-section';

/**
 * The gallery's examples: plain JSON schemas, exactly what a page definition's form holds, so an
 * implementer can copy a field from here. Titles are Chinese because they are what staff see.
 */
export interface GallerySection {
  key: 'pickers' | 'dict' | 'dates' | 'cron' | 'upload' | 'signature' | 'formDocument' | 'area' | 'editor' | 'inputs' | 'rules' | 'reports';
  /** A section from another area names itself (its strings live in that area's locale). */
  title?: string;
  schema: ISchema;
  initialValues?: Record<string, unknown>;
}

const item = (title: string, component: string, props?: Record<string, unknown>, extra?: Record<string, unknown>): ISchema => ({
  type: 'string',
  title,
  'x-decorator': 'FormItem',
  'x-component': component,
  ...(props ? { 'x-component-props': props } : {}),
  ...(extra ?? {}),
});

export const GALLERY_SECTIONS: GallerySection[] = [
  {
    key: 'pickers',
    schema: {
      type: 'object',
      properties: {
        users: item('选择用户（多选，存账号）', 'JSelectUserByDep', { multi: true, store: 'username' }, { required: true }),
        doctor: item('选择用户（单选，存 id）', 'JSelectUserByDep', { multi: false, store: 'id' }),
        roles: item('选择角色', 'JSelectRole', { multi: true }),
        depart: item('选择部门（单选）', 'JSelectDepart', { multi: false }, { required: true }),
        departs: item('选择部门（多选，我的部门）', 'JSelectDepart', { multi: true, myDept: true }),
        post: item('选择职务', 'JSelectPosition'),
        form: item('选择表单（已发布的表单）', 'JSelectForm'),
        equipment: item('关联选择（维修单的维修设备）', 'JRefSelect', { entity: 'erp_repair_order', field: 'equipment' }),
        unit: item('接口树（部门树，单选）', 'JApiTreeSelect', { url: '/sys/sysDepart/queryTreeList', valueKey: 'id', titleKey: 'title' }),
      },
    },
  },
  {
    key: 'dict',
    schema: {
      type: 'object',
      properties: {
        sex: item('字典下拉', 'JDictSelectTag', { dictCode: 'sex', placeholder: '请选择性别' }),
        sexRadio: item('字典单选', 'JDictSelectTag', { dictCode: 'sex', type: 'radio' }),
        sexButton: item('字典按钮', 'JDictSelectTag', { dictCode: 'sex', type: 'radioButton' }),
        status: item('静态选项（enum）', 'JDictSelectTag', { type: 'radio' }, {
          enum: [
            { label: '启用', value: '1' },
            { label: '停用', value: '0' },
          ],
        }),
        noCode: item('未配置字典编码', 'JDictSelectTag'),
        weekdays: item('复选框组（最少 1 项、最多 3 项）', 'JCheckbox', {
          options: [
            { label: '周一', value: '1' },
            { label: '周二', value: '2' },
            { label: '周三', value: '3' },
            { label: '周四', value: '4' },
            { label: '周五', value: '5' },
          ],
        }, { 'x-validator': [{ minSelect: 1 }, { maxSelect: 3 }] }),
        depart: item('表字典搜索（服务端）', 'JSearchSelect', { dict: 'sys_depart,depart_name,id', async: true }),
        user: item('通用分页下拉（URL）', 'JSearchSelect', { url: '/sys/user/list', idKey: 'username', nameKey: 'realname', searchKey: 'realname', like: true }),
        category: item('分类树', 'JCategorySelect', { pcode: 'B01' }),
        tree: item('字典树', 'JTreeSelect', { dict: 'sys_category,name,id', pidField: 'pid', hasChildField: 'has_child' }),
      },
    },
    initialValues: { weekdays: '1,3' },
  },
  {
    key: 'dates',
    schema: {
      type: 'object',
      properties: {
        date: item('日期', 'JDate'),
        datetime: item('日期时间', 'JDate', { showTime: true }),
        time: item('时间', 'JTime'),
        range: { ...item('日期范围（数组）', 'JDateRange'), type: 'array' },
        rangeText: item('日期范围（逗号分隔）', 'JDateRange', { valueType: 'string' }),
      },
    },
    initialValues: { date: '2026-11-22', range: ['2026-11-01', '2026-11-30'] },
  },
  {
    key: 'cron',
    schema: { type: 'object', properties: { cron: item('定时表达式', 'JEasyCron', undefined, { 'x-validator': [{ cron: true }] }) } },
    initialValues: { cron: '0 15 10 ? * 6#3 *' },
  },
  {
    key: 'upload',
    schema: {
      type: 'object',
      properties: {
        files: item('文件（多个，notice 目录）', 'JUpload', { biz: 'notice', multiple: true, number: 5 }),
        images: item('图片', 'JImageUpload', { biz: 'images', number: 3 }),
        video: item('视频', 'JUpload', { fileType: 'video', biz: 'videos', number: 1 }),
        attachment: item('附件', 'JUpload', { target: 'attachment', folder: 'fileList' }),
        oss: item('对象存储直传', 'JUpload', { target: 'oss' }),
      },
    },
  },
  {
    key: 'signature',
    title: t.signature.gallery,
    schema: {
      type: 'object',
      properties: {
        signature: item('患者签名', 'JSignature', { width: 600, height: 240 }, {
          required: true,
          // The label above the pad leaves a phone's whole width for signing.
          'x-decorator-props': { layout: 'vertical' },
        }),
      },
    },
  },
  {
    key: 'formDocument',
    title: t.formDocument.gallery,
    schema: {
      type: 'object',
      properties: {
        formCode: item('表单编码', 'Input', { placeholder: '填写表单编码后显示表单' }),
        formVersion: { type: 'number', 'x-display': 'hidden' },
        doc: {
          type: 'object',
          title: '表单内容',
          'x-decorator': 'FormItem',
          'x-decorator-props': { layout: 'vertical' },
          'x-component': 'JFormDocument',
          'x-component-props': { codeField: 'formCode', versionField: 'formVersion' },
        },
      },
    },
  },
  {
    key: 'area',
    schema: {
      type: 'object',
      properties: {
        area: item('省市区（级联）', 'JAreaLinkage'),
        areaSelect: item('省市区（下拉）', 'JAreaLinkage', { type: 'select' }),
        city: item('省市（两级）', 'JAreaLinkage', { level: 2 }),
      },
    },
    initialValues: { area: '110101' },
  },
  {
    key: 'editor',
    schema: { type: 'object', properties: { content: item('富文本', 'JEditor', { biz: 'jeditor' }) } },
    initialValues: { content: '<p>欢迎使用<strong>富文本</strong>编辑器。</p>' },
  },
  {
    key: 'inputs',
    schema: {
      type: 'object',
      properties: {
        amount: { ...item('金额（0-1000000，两位小数）', 'JInputNumber', { min: 0, max: 1000000, precision: 2, suffix: '元' }), type: 'number' },
        age: { ...item('年龄（整数）', 'JInputInteger', { max: 150, suffix: '岁' }), type: 'number' },
        template: item('模板文本（Tab 切换占位符）', 'JTemplateTextarea', { rows: 3 }),
        enabled: item('开关（Y/N）', 'JSwitch'),
        human: { ...item('滑块验证', 'JSlider'), type: 'boolean' },
        patient: item('姓名链接', 'JNameLink', { path: '/medicalRecords/list', query: { detailId: 'd1', caseId: 'c1' } }),
        note: item('省略文本（10）', 'JEllipsis', { length: 10 }),
      },
    },
    initialValues: {
      amount: 1234567.5,
      template: '尊敬的{患者姓名}，您预约的{科室}门诊时间为{日期}，请按时就诊。',
      enabled: 'Y',
      patient: '张三',
      note: '北京协和医院心血管内科门诊部',
    },
  },
  {
    key: 'rules',
    schema: {
      type: 'object',
      properties: {
        mobile: item('手机号', 'Input', undefined, { required: true, 'x-validator': [{ mobile: true }] }),
        username: item('用户名', 'Input', undefined, { 'x-validator': [{ username: true }] }),
        email: item('邮箱', 'Input', undefined, { 'x-validator': [{ email: true }] }),
        idCard: item('身份证号', 'Input', undefined, { 'x-validator': [{ idCard: true }] }),
        landline: item('座机', 'Input', undefined, { 'x-validator': [{ landline: true }] }),
        bankCard: item('银行卡号', 'Input', undefined, { 'x-validator': [{ bankCard: true }] }),
        qq: item('QQ', 'Input', undefined, { 'x-validator': [{ qq: true }] }),
        url: item('网址', 'Input', undefined, { 'x-validator': [{ url: true }] }),
        name: item('名称（2-10 位）', 'Input', undefined, { 'x-validator': [{ minLength: 2 }, { maxLength: 10 }] }),
        account: item('账号（查重）', 'Input', undefined, { 'x-validator': [{ duplicate: { tableName: 'sys_user', fieldName: 'username' } }] }),
      },
    },
  },
  REPORT_TOOLS_SECTION,
];
