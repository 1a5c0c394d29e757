import { describe, expect, it } from 'vitest';
import { earlyChoice, type ControlState } from './early-choice.ts';

const select = (id: string, selected: number, defaultSelected: number | null, count = 3): ControlState => ({
  id,
  type: 'select-one',
  options: Array.from({ length: count }, (_, i) => ({ selected: i === selected, defaultSelected: i === defaultSelected })),
});
const box = (id: string, checked: boolean, defaultChecked: boolean, type = 'checkbox'): ControlState => ({ id, type, checked, defaultChecked });

describe('earlyChoice: what the visitor chose before the code came', () => {
  it.each([
    ['nothing changed', [select('type', 1, 1), box('garden', false, false), { id: 'q', type: 'search' }], null],
    ['a select moved off the server value', [select('type', 1, 1), select('beds', 2, 0)], 'beds'],
    ['a select moved off an unmarked first option', [select('epc', 1, null)], 'epc'],
    ['a select left on an unmarked first option', [select('epc', 0, null)], null],
    ['a box ticked', [box('garden', true, false)], 'garden'],
    ['a box unticked', [box('parking', false, true)], 'parking'],
    ['a radio moved', [box('rent', true, false, 'radio')], 'rent'],
    ['text typed is not a choice (it waits for submit)', [{ id: 'q', type: 'search', checked: true, defaultChecked: false }], null],
    ['the first of two changes', [box('garden', true, false), select('beds', 2, 0)], 'garden'],
  ] as const)('%s', (_name, controls, expected) => {
    expect(earlyChoice(controls)?.id ?? null).toBe(expected);
  });
});
