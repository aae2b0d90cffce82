import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { AUDIT_FIXTURE } from '../server/audit-fixtures.js';
import { schemasWithFixture } from '../server/track-fixtures.js';

type Json = Record<string, unknown>;

/** The platform definitions with the audit fixture module; `edit` changes 审核患者 and the menu file. */
function withChanges(edit: (patient: Json, menus: Json) => void): string {
  const root = schemasWithFixture(AUDIT_FIXTURE, 'audit');
  const module = path.join(root, 'modules', 'audit');
  const entityFile = path.join(module, 'entities', 'aud_patient.json');
  const menuFile = path.join(module, 'menus', 'audit-apply.json');
  const patient = JSON.parse(fs.readFileSync(entityFile, 'utf8')) as Json;
  const menus = JSON.parse(fs.readFileSync(menuFile, 'utf8')) as Json;
  edit(patient, menus);
  fs.writeFileSync(entityFile, JSON.stringify(patient, null, 2));
  fs.writeFileSync(menuFile, JSON.stringify(menus, null, 2));
  return root;
}

const problems = (edit: (patient: Json, menus: Json) => void) =>
  checkDefinitions(withChanges(edit))
    .problems.filter((p) => p.file.endsWith('aud_patient.json'))
    .map((p) => [p.pointer, p.message]);

// Issue 16 §3–4: an entity's `audit` is checked by schemas:check.
describe('audit in schemas:check', () => {
  it('accepts the fixture', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('names merge.match fields that do not exist or are not stored', () => {
    expect(
      problems((patient) => {
        (patient.fields as Json[]).push({ name: 'older', title: '年长', type: 'int', live: true, formula: 'age > 60' });
        patient.audit = { merge: { match: ['name', 'nope', 'older'] } };
      }),
    ).toEqual([
      ['/audit/merge/match/1', '字段 "nope" 不存在'],
      ['/audit/merge/match/2', '字段 "older" 是实时计算字段（live），不能用于查找重复数据'],
    ]);
  });

  it('needs the apply and audit permission codes declared in a menu', () => {
    expect(
      problems((_patient, menus) => {
        const root = (menus.menus as Json[])[0];
        const item = (root.children as Json[])[0];
        item.buttons = (item.buttons as Json[]).filter((b) => !['aud_patient:apply', 'aud_patient:audit'].includes(String(b.perms)));
      }),
    ).toEqual([
      ['/code', '权限码 "aud_patient:apply" 未在 schemas/menus 的按钮中声明'],
      ['/code', '权限码 "aud_patient:audit" 未在 schemas/menus 的按钮中声明'],
    ]);
  });
});
