// Numbers and on/off switches: number inputs (antd InputNumber) and switches, apart from the text and
// dictionary inputs so that a query form of text and dictionary fields loads neither.
import { connect } from '@formily/react';
import { JInputInteger as InputInteger } from '../integer/JInputInteger';
import { JInputNumber as InputNumber } from '../number/JInputNumber';
import { JSwitch as SwitchWidget } from '../switch/JSwitch';

export { NumberPicker, Switch } from '@formily/antd-v5';

export const JInputNumber = connect(InputNumber);
export const JInputInteger = connect(InputInteger);
export const JSwitch = connect(SwitchWidget);
