// Text, numbers, choices and dictionaries: what most forms and query forms use.
import { connect, mapProps } from '@formily/react';
import { JCheckbox as Checkbox } from '../dict/JCheckbox';
import { JDictSelectTag as DictSelectTag } from '../dict/JDictSelectTag';
import { JSearchSelect as SearchSelect } from '../dict/JSearchSelect';
import { JEllipsis as Ellipsis } from '../ellipsis/JEllipsis';
import { JInputInteger as InputInteger } from '../integer/JInputInteger';
import { JNameLink as NameLink } from '../name-link/JNameLink';
import { JInputNumber as InputNumber } from '../number/JInputNumber';
import { JSlider as Slider } from '../slider-verify/JSlider';
import { JSwitch as SwitchWidget } from '../switch/JSwitch';
import { JTemplateTextarea as TemplateTextarea } from '../template-textarea/JTemplateTextarea';

export { Checkbox, Input, NumberPicker, Password, Radio, Select, Switch } from '@formily/antd-v5';

/** Formily's `enum` arrives as `dataSource`; the dictionary widgets call it `options`. */
const withOptions = mapProps({ dataSource: 'options' });

export const JDictSelectTag = connect(DictSelectTag, withOptions);
export const JCheckbox = connect(Checkbox, withOptions);
export const JSearchSelect = connect(SearchSelect);
export const JInputNumber = connect(InputNumber);
export const JInputInteger = connect(InputInteger);
export const JTemplateTextarea = connect(TemplateTextarea);
export const JSlider = connect(Slider);
export const JSwitch = connect(SwitchWidget);
export const JNameLink = connect(NameLink);
export const JEllipsis = connect(Ellipsis);
