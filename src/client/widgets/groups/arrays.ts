// Formily's repeating and sectioned layouts (they bring drag sorting along).
export { ArrayItems, ArrayTable, Editable, FormCollapse, FormTab } from '@formily/antd-v5';
