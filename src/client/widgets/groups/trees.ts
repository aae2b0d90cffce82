// Tree-shaped choices: tree selects, categories, cascaders and the province/city/county picker.
import { connect } from '@formily/react';
import { JApiTreeSelect as ApiTreeSelect } from '../api-tree/JApiTreeSelect';
import { JAreaLinkage as AreaLinkage } from '../area/JAreaLinkage';
import { JCategorySelect as CategorySelect } from '../category/JCategorySelect';
import { JTreeSelect as TreeSelectWidget } from '../dict-tree/JTreeSelect';

export { Cascader, TreeSelect } from '@formily/antd-v5';

export const JApiTreeSelect = connect(ApiTreeSelect);
export const JAreaLinkage = connect(AreaLinkage);
export const JCategorySelect = connect(CategorySelect);
export const JTreeSelect = connect(TreeSelectWidget);
