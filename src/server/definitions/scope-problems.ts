import type { EntityDefinition } from '../../shared/schema-types.js';

/**
 * What is wrong with an entity's scope.doctorField, scope.via and device.refs (entity meta-schema):
 * the doctor field is a sel_user string field of a doctor-scoped entity; via names a required ref
 * whose target does not itself use via; a device ref names a ref field and a unique field of its
 * target. Each problem as [path below the entity, message].
 */
export function scopeProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  const field = (name: string) => e.fields.find((f) => f.name === name);
  const { doctorField, via } = e.scope ?? {};
  if (doctorField) {
    const f = field(doctorField);
    if (!e.scope?.doctor) out.push([['scope', 'doctorField'], 'doctorField 需要同时声明 scope.doctor']);
    if (!f || f.type !== 'string' || f.view !== 'sel_user')
      out.push([['scope', 'doctorField'], `doctorField 必须是本实体中 view 为 sel_user 的字符串字段（"${doctorField}"）`]);
  }
  if (via) {
    const f = field(via);
    if (!f?.ref || !f.required)
      out.push([['scope', 'via'], `via 必须是本实体中必填的关联字段（ref）（"${via}"）`]);
    else if (entities.get(f.ref.entity)?.scope?.via)
      out.push([['scope', 'via'], `via 的目标实体 ${f.ref.entity} 自身不能再使用 via`]);
  }
  for (const [name, unique] of Object.entries(e.device?.refs ?? {})) {
    const f = field(name);
    const target = f?.ref ? entities.get(f.ref.entity) : undefined;
    if (!f?.ref) out.push([['device', 'refs', name], `"${name}" 不是本实体的关联字段（ref）`]);
    else if (target && !target.fields.some((t) => t.name === unique && t.unique))
      out.push([['device', 'refs', name], `实体 ${target.code} 没有唯一字段 "${unique}"`]);
  }
  return out;
}
