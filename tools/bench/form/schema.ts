/**
 * The 200-field form of peers-performance.md §2.2 d, written as a page definition's form (the JSON the
 * server sends): fields f1…f200 cycling Input, NumberPicker, Select, DatePicker and Switch, one in five
 * required (spread over every type), Input text capped at 50, and 10 declarative linkage rules
 * (x-reactions) of the kinds real definitions use. Field #100 is an Input and drives one of the rules,
 * so typing into it runs a reaction as well as its own validation.
 */
import type { FormReaction, FormSchema, PageForm } from '../../../src/client/renderer/definition/types';

export const FIELD_COUNT = 200;
/** The field the harness types into, and the one that must have painted for the form to count as mounted. */
export const TYPED_FIELD = 100;
export const LAST_FIELD = FIELD_COUNT;
const COMPONENTS = ['Input', 'NumberPicker', 'Select', 'DatePicker', 'Switch'] as const;
const OPTIONS = Array.from({ length: 5 }, (_, i) => ({ label: `选项${i}`, value: `o${i}` }));

export const fieldName = (n: number) => `f${n}`;
export const placeholderOf = (n: number) => `请输入字段${n}`;
export const componentOf = (n: number) => COMPONENTS[n % COMPONENTS.length];

/** target field number → its rule. */
function linkageRules(): Map<number, FormReaction> {
  const rules = new Map<number, FormReaction>();
  for (let k = 0; k < 4; k++) {
    // A switch disables the next field; a select hides the next one for one of its options.
    const sw = 4 + 50 * k;
    rules.set(sw + 1, {
      dependencies: [fieldName(sw)],
      when: { field: fieldName(sw), op: 'eq', value: true },
      fulfill: { state: { disabled: true } },
      otherwise: { state: { disabled: false } },
    });
    const sel = 22 + 50 * k;
    rules.set(sel + 1, {
      dependencies: [fieldName(sel)],
      when: { field: fieldName(sel), op: 'eq', value: 'o1' },
      fulfill: { state: { visible: false } },
      otherwise: { state: { visible: true } },
    });
  }
  rules.set(37, {
    dependencies: [fieldName(36)],
    when: { field: fieldName(36), op: 'gt', value: 100 },
    fulfill: { state: { required: true, description: '超过 100 时必填' } },
    otherwise: { state: { required: false, description: '' } },
  });
  rules.set(TYPED_FIELD + 1, {
    dependencies: [fieldName(TYPED_FIELD)],
    when: { field: fieldName(TYPED_FIELD), op: 'notEmpty' },
    fulfill: { state: { required: true } },
    otherwise: { state: { required: false } },
  });
  return rules;
}

export function benchForm(): { form: PageForm; required: number; rules: number } {
  const rules = linkageRules();
  const properties: Record<string, FormSchema> = {};
  let required = 0;
  for (let n = 1; n <= FIELD_COUNT; n++) {
    const i = n - 1;
    const component = componentOf(n);
    // One in five, rotating through the types block by block.
    const isRequired = Math.floor(i / 5) % 5 === i % 5;
    if (isRequired) required++;
    const field: FormSchema = {
      type: component === 'NumberPicker' ? 'number' : component === 'Switch' ? 'boolean' : 'string',
      title: `字段${n}`,
      'x-component': component,
      ...(component === 'Switch' ? {} : { 'x-component-props': { placeholder: placeholderOf(n) } }),
      ...(component === 'Select' ? { enum: OPTIONS } : {}),
      ...(component === 'Input' ? { 'x-validator': [{ maxLength: 50 }] } : {}),
      ...(isRequired ? { required: true } : {}),
    };
    const rule = rules.get(n);
    if (rule) field['x-reactions'] = rule;
    properties[fieldName(n)] = field;
  }
  return {
    form: { title: '两百字段表单', schema: { type: 'object', properties } },
    required,
    rules: rules.size,
  };
}
