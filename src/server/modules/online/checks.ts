import type { EntityDefinition } from '../../../shared/schema-types.js';
import { evaluateCondition, parseCondition, type FormulaRow } from '../../../shared/formula.js';
import { badRequest } from '../../http/errors.js';

/**
 * An entity's `checks` (校验规则): conditions every stored record must satisfy. The message of the first
 * rule the record breaks, or null when it keeps them all. An empty operand counts as 0 (formula.ts).
 */
export function brokenCheck(entity: EntityDefinition, record: FormulaRow): string | null {
  for (const check of entity.checks ?? [])
    if (!evaluateCondition(parseCondition(check.rule), record)) return check.message;
  return null;
}

/**
 * Refuses a record that breaks one of its entity's checks: HTTP 400 with the rule's message. Called
 * before a write stores it (add, edit) and on a record whose roll-ups a write recomputed, so the
 * write's transaction is rolled back and nothing is stored.
 */
export function assertChecks(entity: EntityDefinition, record: FormulaRow): void {
  const message = brokenCheck(entity, record);
  if (message !== null) throw badRequest(message);
}
