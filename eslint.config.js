// One lint for the whole tree, run by `npm run lint` (part of `npm test`). Type-aware rules are left out on
// purpose: `tsc -b` already checks the types, and the syntactic rules keep the lint to seconds on 2 cores.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The dependency rules of the tree (bulletproof-react's zones), as import patterns: a feature never imports
 * another feature, shared code never imports a feature, the API and the dashboard never import each other,
 * and the contract imports neither. (Core `no-restricted-imports`: the resolver plugins need native
 * bindings that not every registry mirror carries.)
 */
// The API seen from the dashboard: by its folder name, or by climbing out of apps/web.
const apiFromWeb = ['(^|/)apps/api(/|$)', '^(\\.\\./)+api/'];
const restrict = (message, ...regexes) => ['error', { patterns: regexes.map((regex) => ({ regex, message })) }];
const boundaryRules = [
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict(
        'A feature does not import another feature: move what they share to components/ or lib/.',
        // `../other/…` from a feature's folder is another feature; so is any path naming features/<other>.
        '^\\.\\./(?!\\.\\./)[^/]+',
        `(^|/)features/(?!${feature}(/|$))`,
        ...apiFromWeb,
      ),
    },
  })),
  {
    files: ['apps/web/src/{components,lib,i18n,config}/**'],
    rules: {
      'no-restricted-imports': restrict(
        'Shared code does not import a feature, nor the dashboard the API.',
        '(^|/)features(/|$)',
        ...apiFromWeb,
      ),
    },
  },
  {
    files: ['apps/web/src/*.{ts,tsx}', 'apps/web/src/{app,resources,test}/**'],
    rules: { 'no-restricted-imports': restrict('The dashboard does not import the API.', ...apiFromWeb) },
  },
  {
    files: ['apps/api/**'],
    rules: { 'no-restricted-imports': restrict('The API does not import the dashboard.', '(^|/)apps/web(/|$)', '^(\\.\\./)+web/') },
  },
  {
    files: ['packages/contract/**'],
    rules: { 'no-restricted-imports': restrict('The contract imports neither the API nor the dashboard.', '(^|/)apps/', '^(\\.\\./){2,}') },
  },
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
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
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
      'scripts/**',
      'apps/api/bench/**',
      'bench/**',
      '**/*.test.{ts,tsx}',
      'e2e/**',
      'apps/api/src/server.ts',
      'apps/api/src/seed/**',
    ],
    rules: { 'no-console': 'off' },
  },
  ...boundaryRules,
  prettier,
);
