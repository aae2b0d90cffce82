export { JTreeTable, type JTreeTableProps } from './JTreeTable';
export { rowsOf, hasChildren, type TreeRow } from './tree-load';
