// One lint configuration for the monorepo. Boundary rules keep the layers honest:
// the web app and the shared contract never import server code, and shared stays framework-free.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverImports = {
  group: ['**/apps/server/**', '@penstock/server', '@penstock/server/*'],
  message:
    'The web app and shared packages must not import server code; put shared rules in @penstock/shared.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: ['react', 'react-*', 'fastify', 'kysely', 'node:*'],
              message: 'shared is pure: no framework or Node imports.',
            },
          ],
        },
      ],
    },
  },
);
