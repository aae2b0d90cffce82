import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The implementer's guide shows the example module's files (docs/guide.md §2): every property it shows
 * must be in the shipped file with the same value, so the guide cannot drift from what runs and is tested.
 */
const guide = fs.readFileSync('docs/guide.md', 'utf8');

/** The JSON of the fenced block that follows a heading, without `//` comments. */
function blockAfter(heading: string, nth = 0): unknown {
  const section = guide.slice(guide.indexOf(heading));
  const blocks = [...section.matchAll(/```json(?:c)?\n([\s\S]*?)```/g)];
  const text = blocks[nth][1].replace(/\/\/[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').trim();
  // A fragment ("key": value) is shown as the property of an object.
  return JSON.parse(text.startsWith('"') ? `{${text}}` : text);
}

const shipped = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every key of `shown` has the same value in `actual`; field lists are matched by name. */
function expectShown(shown: unknown, actual: unknown, at = '') {
  if (Array.isArray(shown)) {
    expect(Array.isArray(actual), at).toBe(true);
    shown.forEach((item, i) => {
      const name = (item as { name?: string })?.name;
      const match = name ? (actual as Array<{ name?: string }>).find((a) => a.name === name) : (actual as unknown[])[i];
      expectShown(item, match, `${at}/${name ?? i}`);
    });
  } else if (shown && typeof shown === 'object') {
    for (const [k, v] of Object.entries(shown)) expectShown(v, (actual as Record<string, unknown>)?.[k], `${at}/${k}`);
  } else expect(actual, at).toEqual(shown);
}

describe('the guide example module (docs/guide.md §2)', () => {
  it('shows the repair order entity as shipped', () => {
    expectShown(blockAfter('### 2.1'), shipped('schemas/modules/erp/entities/erp_repair_order.json'));
  });
  it('shows the parts child entity as shipped', () => {
    expectShown(blockAfter('### 2.3'), shipped('schemas/modules/erp/entities/erp_repair_part.json'));
  });
  it('shows the page exactly as shipped', () => {
    expect(blockAfter('### 2.4')).toEqual(shipped('schemas/modules/erp/pages/erp-repair-order.json'));
  });
  it('shows the dictionary as shipped', () => {
    const dicts = shipped('schemas/modules/erp/dicts/erp.json').dicts as Array<{ code: string }>;
    expectShown(blockAfter('### 2.5'), dicts.find((d) => d.code === 'erp_repair_status'));
  });
  it('shows the repair order workflow as shipped', () => {
    expectShown(blockAfter('### 2.6'), shipped('schemas/modules/erp/entities/erp_repair_order.json'));
  });
  it('names only files that exist', () => {
    for (const [, file] of guide.matchAll(/`((?:schemas|docs|tools)\/[\w./-]+\.(?:json|ts|md))`/g))
      expect(fs.existsSync(file), file).toBe(true);
  });
});
