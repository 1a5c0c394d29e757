/**
 * Condition rules: when a form field is asked. A rule compares one field's answer (`field`)
 * by its `logic` with another field's answer (`compareWithField`) or a fixed value
 * (`compareWithValue`); rules chain left to right, each joined to what came before by its
 * `advancedCondition` ('and' unless it says 'or'). No rules: the field is always asked.
 *
 * The same rules run in the browser (a field appears and disappears as the visitor answers)
 * and in the worker (the answer to a field that was not asked is dropped before anything is
 * kept or mailed), so a page without JavaScript, which shows every field, sends nothing the
 * agency did not ask for.
 */

export const CONDITION_LOGICS = ['equals', 'notEquals', 'contains', 'notContains', 'empty', 'notEmpty', 'greaterThan', 'lessThan'] as const;
export type ConditionLogic = (typeof CONDITION_LOGICS)[number];

export interface ConditionRule {
  field: string;
  logic: ConditionLogic;
  /** How this rule joins the ones before it; the first rule's is ignored. */
  advancedCondition?: 'and' | 'or';
  compareWithField?: string;
  compareWithValue?: string;
}

/** A field's answer as posted: one value, several (checkboxes), or none. */
export type Answer = string | readonly string[] | undefined;

function asList(answer: Answer): string[] {
  if (answer === undefined) return [];
  return (typeof answer === 'string' ? [answer] : [...answer]).map((v) => v.trim()).filter((v) => v !== '');
}

/**
 * Orders two answers: as numbers when both are numbers, otherwise as text (ISO dates, the
 * only dates a form posts, order correctly as text). Null when either is missing.
 */
function order(left: string | undefined, right: string | undefined): number | null {
  if (left === undefined || right === undefined) return null;
  const a = Number(left);
  const b = Number(right);
  if (left !== '' && right !== '' && Number.isFinite(a) && Number.isFinite(b)) return Math.sign(a - b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether one rule holds for these answers. */
export function ruleHolds(rule: ConditionRule, answers: (name: string) => Answer): boolean {
  const own = asList(answers(rule.field));
  const other = rule.compareWithField !== undefined ? asList(answers(rule.compareWithField))[0] : rule.compareWithValue?.trim();
  const same = (value: string) => other !== undefined && value.localeCompare(other, undefined, { sensitivity: 'accent' }) === 0;
  switch (rule.logic) {
    case 'empty':
      return own.length === 0;
    case 'notEmpty':
      return own.length > 0;
    case 'equals':
      return own.some(same);
    case 'notEquals':
      return !own.some(same);
    case 'contains':
      return other !== undefined && own.some((value) => value.toLowerCase().includes(other.toLowerCase()));
    case 'notContains':
      return other === undefined || !own.some((value) => value.toLowerCase().includes(other.toLowerCase()));
    case 'greaterThan':
      return order(own[0], other) === 1;
    case 'lessThan':
      return order(own[0], other) === -1;
    default: {
      const unknown: never = rule.logic;
      return unknown;
    }
  }
}

/** Whether a chain of rules holds; an empty chain always does. */
export function conditionsHold(rules: readonly ConditionRule[] | undefined, answers: (name: string) => Answer): boolean {
  if (!rules || rules.length === 0) return true;
  let result = ruleHolds(rules[0]!, answers);
  for (const rule of rules.slice(1)) result = rule.advancedCondition === 'or' ? result || ruleHolds(rule, answers) : result && ruleHolds(rule, answers);
  return result;
}
