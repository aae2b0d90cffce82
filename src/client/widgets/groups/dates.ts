// Dates and times (the picker panels are the heaviest part of antd's inputs).
import { connect } from '@formily/react';
import { JDate as DateWidget } from '../date/JDate';
import { JDateRange as DateRange } from '../date/JDateRange';
import { JTime as TimeWidget } from '../date/JTime';

export { DatePicker, TimePicker } from '@formily/antd-v5';

export const JDate = connect(DateWidget);
export const JDateRange = connect(DateRange);
export const JTime = connect(TimeWidget);
