import { t } from '../../locale/zh-CN';
import type { GallerySection } from '../gallery/gallery-schema';

const g = t.editable.gallery;

/** The report designer's tools in the widget gallery (/test/home): each as a page definition would use it. */
export const REPORT_TOOLS_SECTION: GallerySection = {
  key: 'reports',
  title: g.title,
  schema: {
    type: 'object',
    properties: {
      doctor: {
        type: 'string',
        title: g.popup,
        'x-decorator': 'FormItem',
        'x-component': 'JPopup',
        'x-component-props': {
          code: 'rpt_user',
          orgFields: 'realname,username',
          destFields: 'doctor,account',
          sorter: 'username=asc',
        },
      },
      account: { type: 'string', title: g.account, 'x-decorator': 'FormItem', 'x-component': 'Input' },
      post: {
        type: 'string',
        title: g.business,
        'x-decorator': 'FormItem',
        'x-component': 'JBusinessPicker',
        'x-component-props': {
          listUrl: '/sys/position/list',
          valueKey: 'code',
          displayKey: 'name',
          columns: [
            { title: g.positionCode, dataIndex: 'code' },
            { title: g.positionName, dataIndex: 'name' },
          ],
          queryConfig: [{ key: 'name', label: g.positionName }],
        },
      },
      items: {
        type: 'array',
        title: g.table,
        'x-decorator': 'FormItem',
        'x-component': 'EditableTable',
        'x-component-props': {
          rowNumber: true,
          rowSelection: true,
          maxHeight: 300,
          columns: [
            {
              key: 'name',
              title: g.item,
              type: 'input',
              validateRules: [{ required: true, message: t.editable.rules.required }],
            },
            { key: 'qty', title: g.quantity, type: 'inputNumber', statistics: ['sum'], defaultValue: 1 },
            {
              key: 'unit',
              title: g.unit,
              type: 'select',
              options: [
                { value: 'box', text: g.units.box },
                { value: 'piece', text: g.units.piece },
              ],
            },
          ],
        },
      },
      departs: {
        type: 'void',
        title: g.tree,
        'x-decorator': 'FormItem',
        'x-component': 'TreeTable',
        'x-component-props': {
          url: '/sys/sysDepart/queryDepartTreeSync',
          queryKey: 'pid',
          columns: [
            { title: g.departName, dataIndex: 'departName' },
            { title: g.orgCode, dataIndex: 'orgCode' },
          ],
        },
      },
    },
  },
  initialValues: { items: [{ name: '一次性注射器', qty: 20, unit: 'piece' }] },
};
