/** The rows of docs/security.md for what the land says: a hidden address, and the official map's link. */
import type { Mutation } from './mutation.ts';

const LAND = 'content/compile/land.test.ts';

export const LAND_ROWS: Mutation[] = [
  {
    row: "A hidden address found from a fact read on a layer drawn per parcel or building (the parcel's P-score at its rounded pin)",
    control: 'a rounded pin is never read on a per-parcel layer',
    file: 'content/land/lookup.ts',
    find: '      if (approximate && LAYER_RULES[lookup.layer.name].perParcel) continue;\n',
    replace: '',
    project: 'unit',
    test: LAND,
    name: 'a hidden address never gets a finer answer',
  },
  {
    row: "A hidden address's own statements filled or contradicted from its neighbourhood's answers",
    control: 'a rounded pin fills nothing and contradicts no one',
    file: 'content/compile/land.ts',
    find: 'const law = approximate ? { fills: [], contradictions: [] } : landLaw(p, lawAnswers(answers), this.on);',
    replace: 'const law = landLaw(p, lawAnswers(answers), this.on);',
    project: 'unit',
    test: LAND,
    name: 'a hidden address never gets a finer answer',
  },
];
