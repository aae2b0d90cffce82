import { schemasWithFixture } from './track-fixtures.js';

/** The fixture module of a record page (档案居民 with 血压记录, 随访记录 and a 血压趋势 stat). */
export const RECORD_PAGE_FIXTURE = 'tests/fixtures/schemas/record-page';

/** The platform definitions plus the record-page fixture module: a server for record page tests. */
export const recordPageSchemas = () => schemasWithFixture(RECORD_PAGE_FIXTURE, 'record-page');
