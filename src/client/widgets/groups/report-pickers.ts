// Pickers over popup reports and business lists.
import { connect } from '@formily/react';
import { JBusinessPicker as BusinessPicker } from '../business-picker/JBusinessPicker';
import { JPopup as Popup } from '../popup/JPopup';

export const JPopup = connect(Popup);
export const JBusinessPicker = connect(BusinessPicker);
