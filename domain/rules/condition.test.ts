import { describe, expect, it } from 'vitest';
import { conditionsHold, ruleHolds, type Answer, type ConditionRule } from './condition.ts';

const answers =
  (values: Record<string, Answer>) =>
  (name: string): Answer =>
    values[name];

describe('one condition rule', () => {
  const cases: [string, ConditionRule, Record<string, Answer>, boolean][] = [
    ['equals a value', { field: 'device', logic: 'equals', compareWithValue: 'phone' }, { device: 'phone' }, true],
    ['equals ignores case', { field: 'device', logic: 'equals', compareWithValue: 'Phone' }, { device: 'phone' }, true],
    ['equals another value', { field: 'device', logic: 'equals', compareWithValue: 'phone' }, { device: 'email' }, false],
    ['equals, nothing answered', { field: 'device', logic: 'equals', compareWithValue: 'phone' }, {}, false],
    ['not equals, nothing answered', { field: 'device', logic: 'notEquals', compareWithValue: 'email' }, {}, true],
    ['not equals the value', { field: 'device', logic: 'notEquals', compareWithValue: 'email' }, { device: 'email' }, false],
    ['one of the ticked boxes equals', { field: 'types', logic: 'equals', compareWithValue: '2' }, { types: ['1', '2'] }, true],
    ['empty: blank counts as empty', { field: 'buyerB', logic: 'empty' }, { buyerB: '   ' }, true],
    ['not empty', { field: 'buyerB', logic: 'notEmpty' }, { buyerB: 'Luc' }, true],
    ['contains', { field: 'message', logic: 'contains', compareWithValue: 'garage' }, { message: 'Un GARAGE svp' }, true],
    ['not contains', { field: 'message', logic: 'notContains', compareWithValue: 'garage' }, { message: 'un jardin' }, true],
    ['greater than, as numbers not text', { field: 'max', logic: 'greaterThan', compareWithValue: '9' }, { max: '10' }, true],
    ['less than another field', { field: 'min', logic: 'lessThan', compareWithField: 'max' }, { min: '200000', max: '90000' }, false],
    ['dates compare in order', { field: 'until', logic: 'greaterThan', compareWithField: 'from' }, { from: '2026-12-05', until: '2027-01-02' }, true],
    ['greater than a field not answered', { field: 'until', logic: 'greaterThan', compareWithField: 'from' }, { until: '2027-01-02' }, false],
  ];
  it.each(cases)('%s', (_, rule, values, expected) => {
    expect(ruleHolds(rule, answers(values))).toBe(expected);
  });
});

describe('a chain of rules', () => {
  const phone: ConditionRule = { field: 'device', logic: 'equals', compareWithValue: 'phone' };
  const sms: ConditionRule = { field: 'device', logic: 'equals', compareWithValue: 'sms', advancedCondition: 'or' };
  const named: ConditionRule = { field: 'name', logic: 'notEmpty', advancedCondition: 'and' };
  const cases: [string, ConditionRule[] | undefined, Record<string, Answer>, boolean][] = [
    ['no rules: always asked', undefined, {}, true],
    ['an empty chain: always asked', [], {}, true],
    ['or: either holds', [phone, sms], { device: 'sms' }, true],
    ['or: neither holds', [phone, sms], { device: 'email' }, false],
    ['and: both must hold', [phone, named], { device: 'phone' }, false],
    ['left to right: (phone or sms) and named', [phone, sms, named], { device: 'sms', name: 'Anne' }, true],
    ['the first rule’s join is ignored', [{ ...phone, advancedCondition: 'or' }], { device: 'phone' }, true],
  ];
  it.each(cases)('%s', (_, rules, values, expected) => {
    expect(conditionsHold(rules, answers(values))).toBe(expected);
  });
});
