// One lint for the whole tree, run by `npm run lint` (part of `npm test`). Type-aware rules are left out on
// purpose: `tsc -b` already checks the types, and the syntactic rules keep the lint to seconds on 2 cores.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The dependency rules of the tree (bulletproof-react's zones): a feature never imports another feature,
 * shared code never imports a feature, the API never imports the dashboard, and the contract imports neither.
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what they share to components/ or lib/.',
  })),
  ...['components', 'lib', 'i18n'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: './apps/web/src/features',
    message: 'Shared code does not import a feature.',
  })),
  { target: './apps/api', from: './apps/web', message: 'The API does not import the dashboard.' },
  { target: './apps/web', from: './apps/api', message: 'The dashboard does not import the API.' },
  { target: './packages/contract', from: './apps', message: 'The contract imports neither the API nor the dashboard.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/seed/*.d.ts',
      'data/**',
      'storage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-duplicates': 'error',
      // A variable a closure reads before its one assignment (a logger set once the app exists) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Command-line tools, benches and tests talk to the terminal.
    files: [
      'apps/api/src/cli/**',
      'apps/api/scripts/**',
      'apps/api/bench/**',
      'bench/**',
      '**/*.test.{ts,tsx}',
      'e2e/**',
      'apps/api/src/server.ts',
      'apps/api/src/seed/**',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
