// Text, choices and dictionaries: what most forms and query forms use (numbers and switches: numbers.ts).
import { connect, mapProps } from '@formily/react';
import { JCheckbox as Checkbox } from '../dict/JCheckbox';
import { JDictSelectTag as DictSelectTag } from '../dict/JDictSelectTag';
import { JSearchSelect as SearchSelect } from '../dict/JSearchSelect';
import { JEllipsis as Ellipsis } from '../ellipsis/JEllipsis';
import { JNameLink as NameLink } from '../name-link/JNameLink';
import { JSlider as Slider } from '../slider-verify/JSlider';
import { JTemplateTextarea as TemplateTextarea } from '../template-textarea/JTemplateTextarea';

export { Checkbox, Input, Password, Radio, Select } from '@formily/antd-v5';

/** Formily's `enum` arrives as `dataSource`; the dictionary widgets call it `options`. */
const withOptions = mapProps({ dataSource: 'options' });

export const JDictSelectTag = connect(DictSelectTag, withOptions);
export const JCheckbox = connect(Checkbox, withOptions);
export const JSearchSelect = connect(SearchSelect);
export const JTemplateTextarea = connect(TemplateTextarea);
export const JSlider = connect(Slider);
export const JNameLink = connect(NameLink);
export const JEllipsis = connect(Ellipsis);
