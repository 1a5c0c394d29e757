// Lint for the whole repository: typescript-eslint's recommended rules, React's rules of
// hooks in the app, and the layer rule that keeps imports running one way.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

/**
 * Which way imports run. `domain/` runs anywhere and imports nothing of the others;
 * `content/` (the publish pipeline), `client/` (the React app), `worker/` and `scripts/`
 * build on it; the worker reaches the app only through `worker/ssr/`; nothing ships code
 * from `scripts/` or `test/`. Tests may reach across (a worker test uses test fixtures).
 */
const layers = [
  { target: './domain', from: ['./client', './content', './worker', './scripts', './test'], message: 'domain/ runs anywhere and imports nothing outside itself.' },
  { target: './content', from: ['./client', './worker', './scripts', './test'], message: 'content/ builds on domain/ only.' },
  { target: './client', from: ['./worker', './content', './scripts', './test'], message: 'client/ builds on domain/ only.' },
  { target: ['./worker/*.ts', './worker/!(ssr)/**'], from: ['./client'], message: 'worker/ reaches client/ only through worker/ssr/.' },
  { target: './worker', from: ['./scripts', './test'], message: 'the worker ships no operator scripts or tests.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.tsbuild/**', '.wrangler/**', '.tmp/**', '.demo-large/**', 'test-results/**', 'worker-configuration.d.ts', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      // `_`-prefixed names are deliberately unused (a value taken apart, an ignored argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Matching control characters is the point where they appear: escaping what visitors
      // wrote (mails, terminals) and cleaning uploaded file names.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layers }] },
  },
  {
    // Only the mail gate mints a Recipient: a cast elsewhere would be a mail to a typed
    // address that no budget counted.
    files: ['worker/**/*.ts', 'worker/**/*.tsx'],
    ignores: ['worker/mail/gate.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "TSAsExpression > TSTypeReference[typeName.name='Recipient']", message: 'Only worker/mail/gate.ts hands out a Recipient: pass the address through the gate.' },
        { selector: "TSTypeAssertion > TSTypeReference[typeName.name='Recipient']", message: 'Only worker/mail/gate.ts hands out a Recipient: pass the address through the gate.' },
      ],
    },
  },
  {
    // The domain runs in Workers, browsers and Node alike: no browser globals.
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history'] },
  },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
