import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';

/**
 * What is wrong with a field's `form` (entity meta-schema, EntityFormField): a field of type form must
 * name its form's code field (a string field of the entity) and version field (an int field), and no
 * other field type may declare `form`; a form-code field (view sel_form) is a string. Each problem as [path below the field, message].
 */
export function formFieldProblems(e: EntityDefinition, fd: EntityField): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  // A form-code field (view sel_form) holds a code: a string.
  if (fd.view === 'sel_form' && fd.type !== 'string')
    out.push([['view'], 'sel_form（选择表单）只能用于字符串（string）字段']);
  if (fd.type !== 'form') {
    if (fd.form) out.push([['form'], 'form 只能用于类型为 form 的字段']);
    return out;
  }
  if (!fd.form) return [[['type'], '类型为 form 的字段必须声明 form（codeField 与 versionField）']];
  const field = (name: string) => e.fields.find((f) => f.name === name);
  const { codeField, versionField } = fd.form;
  if (field(codeField)?.type !== 'string')
    out.push([['form', 'codeField'], `codeField 必须是本实体的字符串（string）字段（"${codeField}"）`]);
  if (field(versionField)?.type !== 'int')
    out.push([['form', 'versionField'], `versionField 必须是本实体的整数（int）字段（"${versionField}"）`]);
  return out;
}
