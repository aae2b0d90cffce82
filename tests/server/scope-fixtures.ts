import { schemasWithFixture } from './track-fixtures.js';

/** The fixture module of scope.doctorField and scope.via (患者 with a responsible doctor ← 读数). */
export const SCOPE_FIXTURE = 'tests/fixtures/schemas/scope';

export const scopeSchemas = () => schemasWithFixture(SCOPE_FIXTURE, 'scope');
