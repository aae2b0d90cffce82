import type { FormSchema, PageColumn, PageDefinition } from '../../renderer/definition/types';

/** How many text columns make a card's heading. */
const TITLE_COLUMNS = 3;
// The same test the page derivation uses to show a workflow state as a tag (page-derive/fields.ts).
const STATE_NAME = /(^s|S)tatus$/;

/** Which of the list's columns a record's card shows: its heading, its plan date and its state tag. */
export interface CardFields {
  title: PageColumn[];
  date?: PageColumn;
  state?: PageColumn;
}

export function cardFields(page: PageDefinition): CardFields {
  const columns = (page.columns ?? []).filter((c) => !c.hidden);
  const dates = columns.filter((c) => c.format === 'date');
  const tags = columns.filter((c) => c.format === 'tag');
  const sortColumn = page.list?.sort?.column;
  return {
    title: columns.filter((c) => !c.format || c.format === 'text').slice(0, TITLE_COLUMNS),
    // The list's order is usually the plan: its date column first.
    date: dates.find((c) => c.dataIndex === sortColumn) ?? dates[0],
    state: tags.find((c) => STATE_NAME.test(c.dataIndex)) ?? tags[tags.length - 1],
  };
}

/**
 * The record's form for a phone: what the card already says (heading, date, state), the references and
 * the fields naming the form document's form and version are kept as values but not shown; computed
 * (read-only) fields are left out of sight too. What remains is what the user fills.
 */
export function phoneFormSchema(schema: FormSchema, card: CardFields): FormSchema {
  const shown = new Set([...card.title, card.date, card.state].filter((c) => !!c).map((c) => c.dataIndex));
  const documentFields = new Set<string>();
  const collect = (node: FormSchema) => {
    if (node['x-component'] === 'JFormDocument') {
      const props = (node['x-component-props'] ?? {}) as { codeField?: unknown; versionField?: unknown };
      for (const f of [props.codeField, props.versionField]) if (typeof f === 'string') documentFields.add(f);
    }
    Object.values(node.properties ?? {}).forEach(collect);
  };
  collect(schema);
  const hide = (name: string, node: FormSchema) =>
    node.type !== 'void' &&
    node['x-component'] !== 'JFormDocument' &&
    (shown.has(name) ||
      documentFields.has(name) ||
      node['x-component'] === 'JRefSelect' ||
      node['x-pattern'] === 'readOnly');
  const walk = (node: FormSchema): FormSchema => {
    if (!node.properties) return node;
    const properties: Record<string, FormSchema> = {};
    for (const [name, child] of Object.entries(node.properties))
      properties[name] = hide(name, child) ? { ...child, 'x-display': 'hidden' } : walk(child);
    return { ...node, properties };
  };
  return walk(schema);
}
