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

// The shared role helpers a web screen does not call itself: it asks useMayInProject or mayGlobally (issue 32).
const webRoleHelpers = ['isAdministrator', 'canReviewFeedback', 'canManageSupplierRegister', 'mayInProject'];
// The role helpers of packages/shared/src/policies.ts: a service asks AccessService (security/access.ts),
// which asks them, so every permission question has one answer (issue 32).
const roleHelpers = [
  'isAdministrator',
  'canReviewFeedback',
  'canManageSupplierRegister',
  'mayInProject',
  'mayGlobally',
  'mayForPerson',
  'mayAnswerAsListed',
  'mayWithdrawWorkflow',
];
const roleNames =
  'administrator|feedback_reviewer|senior_design_manager|checker_lead_engineer|practitioner|supplier_register_manager|manager|member|viewer';
const askAccess =
  'Ask AccessService (security/access.ts): requireAccess, memberRole, memberProjects, visibleProjects, visibleProjectIds, seesEveryProject, allowsInProject, allowsGlobally.';

const sqlOnlyInRepos = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
    message: 'SQL belongs in a *.repo.ts: add a repository method and call it.',
  },
  {
    // a repository's own transaction helper (repo.transaction(work)) is fine; the database's is not
    selector:
      "CallExpression[callee.property.name='transaction']:matches([callee.object.name=/^(db|trx)$/], [callee.object.property.name=/^(db|trx)$/])",
    message: 'Transactions belong in a *.repo.ts: give the repository a method that runs the work in one.',
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql']",
    message: 'SQL belongs in a *.repo.ts: add a repository method and call it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'backups/**',
      'coverage/**',
      'e2e/screenshots/**',
    ],
  },
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverImports],
          // one permission vocabulary (issue 32): a screen asks the shared action tables, as the server does
          paths: [
            {
              name: '@penstock/shared',
              importNames: webRoleHelpers,
              message:
                'Ask useMayInProject(projectId)(action) for a project action, mayGlobally(user, action) for a global one.',
            },
            {
              // the checker's entry loads web-ifc and xmllint-wasm: the browser reads and writes IDS without them
              name: '@penstock/ids',
              message: 'Import @penstock/ids/document (the model, reader and writer) in the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    // the one place that turns a project role into answers (useMayInProject's pure part), and the tests
    // that check its answers against the shared table
    files: ['apps/web/src/features/projects/permissions.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports] }] },
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
  {
    // SQL lives in repositories (issue 16): a service, route or job asks a *.repo.ts, never the database
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...sqlOnlyInRepos],
    },
  },
  {
    // one access rule (issue 16): a service refuses for lack of permission only through
    // access.requireAccess (security/access.ts); a business rule answering 403 says why in a disable comment.
    // It asks AccessService every other permission question too, never a role helper or a role name (issue 32)
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...sqlOnlyInRepos,
        {
          selector: "CallExpression[callee.name='forbidden']",
          message:
            'Refuse through access.requireAccess(user, resource, action) with a rule in packages/shared/src/policies.ts.',
        },
        {
          // role === 'manager', 'administrator' !== user.roles[0]: a role compared by name
          selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.value=/^(${roleNames})$/], [right.value=/^(${roleNames})$/])`,
          message: `A service does not compare roles itself. ${askAccess}`,
        },
        {
          selector: `CallExpression[callee.property.name='includes'][arguments.0.value=/^(${roleNames})$/]`,
          message: `A service does not look for a role itself. ${askAccess}`,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@penstock/shared',
              importNames: roleHelpers,
              message: `A service does not ask the role helpers itself. ${askAccess}`,
            },
          ],
        },
      ],
    },
  },
);
