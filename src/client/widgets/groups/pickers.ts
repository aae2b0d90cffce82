// Pickers of the organisation (users by department, roles, departments, positions) and of its forms.
import { connect } from '@formily/react';
import { JSelectDepart as SelectDepart } from '../depart-picker/JSelectDepart';
import { JSelectForm as SelectForm } from '../form-picker/JSelectForm';
import { JSelectPosition as SelectPosition } from '../position-picker/JSelectPosition';
import { JSelectRole as SelectRole } from '../role-picker/JSelectRole';
import { JSelectUserByDep as SelectUserByDep } from '../user-picker/JSelectUserByDep';

export const JSelectUserByDep = connect(SelectUserByDep);
export const JSelectRole = connect(SelectRole);
export const JSelectDepart = connect(SelectDepart);
export const JSelectPosition = connect(SelectPosition);
export const JSelectForm = connect(SelectForm);
