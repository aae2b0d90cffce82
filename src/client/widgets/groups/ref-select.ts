// The picker of many-to-one relations (entity fields with `ref`).
import { connect } from '@formily/react';
import { JRefSelect as RefSelect } from '../ref-select/JRefSelect';

export const JRefSelect = connect(RefSelect);
