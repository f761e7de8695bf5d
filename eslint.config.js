import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'ui/**/*.{ts,tsx}',
      'authProvider/**/*.ts',
      'dataProvider/**/*.ts',
      'resources/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One concurrency discipline (server/db/transaction.ts, docs/architecture.md): every write transaction goes through
    // transact(), which runs SERIALIZABLE with a bounded retry on PostgreSQL. Migrations run in Kysely's own.
    files: ['server/**/*.ts'],
    ignores: ['server/db/transaction.ts', 'server/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message:
            'Write through transact(db, work) from server/db/transaction.ts: it is the one place that makes concurrent writes safe on PostgreSQL.',
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON responses.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
