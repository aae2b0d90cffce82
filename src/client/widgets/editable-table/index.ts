export { EditableTable, type EditableTableProps } from './EditableTable';
export { EditableGrid, type EditableGridProps, type EditableTableHandle } from './grid/EditableGrid';
export { compileRules, fillTemplate } from './rules';
export type * from './types';
