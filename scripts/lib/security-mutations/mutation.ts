/** One control of docs/security.md taken out: where it lives, and the test that must then fail. */
export interface Mutation {
  /** The threat of the row in docs/security.md. */
  row: string;
  /** What is taken out, in words. */
  control: string;
  file: string;
  /** One exact text, or several, each found exactly once and replaced. */
  find: string | string[];
  replace: string | string[];
  /** Edits in other files, when a control lives in two places (defence in depth). */
  also?: { file: string; find: string; replace: string }[];
  /** The project and test file whose tests must fail, and a name filter. */
  project: 'unit' | 'worker';
  test: string;
  name?: string;
}
