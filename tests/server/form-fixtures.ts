import fs from 'node:fs';
import { schemasWithFixture } from './track-fixtures.js';

/** The fixture form module: a file form (测试随访表 fx_visit) with its dictionary, linkage and a child table. */
export const FORM_FIXTURE = 'tests/fixtures/schemas/form';

/** The platform definitions plus the form fixture module. */
export const formSchemas = () => schemasWithFixture(FORM_FIXTURE, 'form');

/** The fixture's file form, as parsed (a fresh copy each call). */
export const fixtureForm = () =>
  JSON.parse(fs.readFileSync(`${FORM_FIXTURE}/forms/fx_visit.json`, 'utf8')) as Record<string, unknown> & {
    schema: { properties: Record<string, Record<string, unknown>> };
  };
