// Master-detail: the child rows edited inside the parent's form (one field, its value the rows array).
export { ChildTable } from '../child-table/ChildTable';
