// Formily's layout pieces: every form needs FormItem; the rest arrange fields and buttons.
export { FormButtonGroup, FormGrid, FormItem, FormLayout, PreviewText, Reset, Space, Submit } from '@formily/antd-v5';
