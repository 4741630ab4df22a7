// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// The rooms of docs/architecture.md#layout, and what each may not import, types included: imports point down only (issue 19).
// bin/ wires everything; api/ calls the rooms below it, and starts workflows by their contracts (contracts/),
// never by their code; workflows/ import activity types only; activities/ call application/, domain/ and infra/
// and read the read models projections/ keep; application/ is the service's own work (accounts, ledger, admission,
// mail, retention, usage, audit, limits) over projections/ readers, domain/ and infra/; projections/ read events
// and write read models with infra/; infra/ adapts engines for domain/; contracts/ hold each workflow's contract
// (type name, id, input, result, updates), above domain/ only; domain/ imports nothing of the others.
// test/unit/layers.test.ts shows each rule failing on a back-pointing import.
const layers = (room, ...names) =>
  names.map((name) => ({
    group: [`**/${name}/**`, `../${name}/*`],
    allowTypeImports: false,
    message: `${room}/ may not import from ${name}/: imports point down only (docs/architecture.md#layout)`,
  }));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', '.tools/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A worker thread's script is plain CommonJS (it runs before any TypeScript loader): require is how it loads.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests poke at JSON bodies; typing every one of them buys nothing.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Every start, schedule and handle of a workflow goes through its contract (infra/temporal/contract-client.ts),
    // which derives the id, the argument and the result type: an id or argument built by hand could start a
    // workflow its histories do not know, or miss the business id that makes a start idempotent. Tests drive
    // Temporal directly (workflow functions in a test environment, handles to inspect), and the benches measure a
    // bare workflow that has no contract.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['infra/temporal/contract-client.ts', 'test/**', 'bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[property.name='workflow']",
          "MemberExpression[object.property.name='schedule'][property.name='create']",
          "NewExpression[callee.name='WithStartWorkflowOperation']",
        ].map((selector) => ({
          selector,
          message: 'start, schedule and reach workflows by their contract: infra/temporal/contract-client.ts',
        })),
      ],
    },
  },
  {
    // domain/ is pure: no engines, no I/O, nothing from the other rooms.
    files: ['domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'node:fs/promises', 'node:http', 'node:https', 'node:net', 'pg', 'express'].map(
            (name) => ({
              name,
              message: 'domain/ is pure: do I/O in infra/ or activities/',
            }),
          ),
          patterns: layers(
            'domain',
            'contracts',
            'infra',
            'application',
            'api',
            'activities',
            'workflows',
            'projections',
            'bin',
          ),
        },
      ],
    },
  },
  {
    // bin/ wires every room together, so it may import them all; it ships in the image, and test/, scripts/ and
    // bench/ do not (tsconfig.build.json). That no room imports bin/ is each room's own rule.
    files: ['bin/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test/**', '**/scripts/**', '**/bench/**'],
              allowTypeImports: false,
              message: 'bin/ ships in the image: test/, scripts/ and bench/ do not',
            },
          ],
        },
      ],
    },
  },
  {
    // api/ answers requests with the rooms below it. It starts workflows by their contracts (contracts/) and
    // never loads workflow or activity code, types included: a type shared with a workflow belongs to its
    // contract, one shared with an activity to domain/.
    files: ['api/**/*.ts', 'api/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layers('api', 'workflows', 'activities', 'bin') },
      ],
    },
  },
  {
    // A workflow's contract is what its workflow and its callers share: domain types and Temporal's definitions.
    files: ['contracts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layers('contracts', 'infra', 'application', 'api', 'activities', 'workflows', 'projections', 'bin'),
            { group: ['node:*'], message: 'contracts are loaded by workflows: deterministic' },
          ],
        },
      ],
    },
  },
  {
    // infra/ holds the adapters (event store, SQL, Temporal connection, mail, blobs, config): below every room
    // but domain/ and contracts/, where what a workflow and infra/ both need lives.
    files: ['infra/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layers('infra', 'api', 'activities', 'workflows', 'projections', 'application', 'bin') },
      ],
    },
  },
  {
    // projections/ read events and write read models, with infra/ and domain/.
    files: ['projections/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layers('projections', 'application', 'api', 'activities', 'workflows', 'bin') },
      ],
    },
  },
  {
    // application/ is the service's own work: it reads through projections/ readers, writes through the event
    // store port and the adapters of infra/, and never sees the entry points above it.
    files: ['application/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layers('application', 'api', 'activities', 'workflows', 'bin') },
      ],
    },
  },
  {
    // activities/ call domain/ and infra/ (and read the read models beside their projections); they are bound to
    // their dependencies by type (activities/index.ts), not to the composition root, and never see the workflows.
    files: ['activities/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: layers('activities', 'api', 'workflows', 'bin') },
      ],
    },
  },
  {
    // Workflow code is replayed deterministically: it may import activity *types* only.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/activities/**',
                '**/application/**',
                '**/infra/**',
                '**/api/**',
                '**/projections/**',
                '**/bin/**',
              ],
              allowTypeImports: true,
            },
            { group: ['node:*'], message: 'workflows must stay deterministic' },
          ],
        },
      ],
    },
  },
  // Prettier owns the layout (npm run lint checks it first): no stylistic rule of ESLint's may fight it.
  prettier,
);
