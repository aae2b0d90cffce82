export { JTreeTable as TreeTable } from '../tree-table/JTreeTable';
