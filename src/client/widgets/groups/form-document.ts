// A form document (entity field of type form): the stored form rendered under the field.
export { JFormDocument } from '../form-document/JFormDocument';
