// One field per editable table: its value is the rows array.
export { EditableTable } from '../editable-table/EditableTable';
