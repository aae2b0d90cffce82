import { schemasWithFixture } from './track-fixtures.js';

/**
 * The fixture module of audited data changes (tests/fixtures/schemas/audit-apply): 审核患者 (audit with
 * merge by 姓名, a workflow with a locked state, roll-ups of its 就诊记录 children and 随访备注), 随访备注
 * (a ref to it) and 审核强制表 (audit.always).
 */
export const AUDIT_FIXTURE = 'tests/fixtures/schemas/audit-apply';

export const auditSchemas = () => schemasWithFixture(AUDIT_FIXTURE, 'audit');
