// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The rooms of DESIGN §3, and what each may not import, types included: imports point down only (issue 19).
// bin/ wires everything; api/ calls the rooms below it; workflows/ import activity types only; activities/ call
// domain/ and infra/ and read the read models projections/ keep; projections/ read events and write read
// models with infra/; infra/ adapts engines for domain/; contracts/ hold each workflow's contract (type name,
// id, input, result, updates), above domain/ only; domain/ imports nothing of the others.
// test/unit/layers.test.ts shows each rule failing on a back-pointing import.
const layers = (room, ...names) =>
  names.map((name) => ({
    group: [`**/${name}/**`, `../${name}/*`],
    allowTypeImports: false,
    message: `${room}/ may not import from ${name}/: imports point down only (DESIGN §3)`,
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
    // Tests poke at JSON bodies; typing every one of them buys nothing.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // domain/ is pure: no engines, no I/O, nothing from the other rooms.
    files: ['domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'node:fs/promises', 'node:http', 'node:https', 'node:net', 'pg', 'express'].map((name) => ({
            name,
            message: 'domain/ is pure: do I/O in infra/ or activities/',
          })),
          patterns: layers('domain', 'contracts', 'infra', 'api', 'activities', 'workflows', 'projections', 'bin'),
        },
      ],
    },
  },
  {
    // A workflow's contract is what its workflow and its callers share: domain types and Temporal's definitions.
    files: ['contracts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...layers('contracts', 'infra', 'api', 'activities', 'workflows', 'projections', 'bin'), { group: ['node:*'], message: 'contracts are loaded by workflows: deterministic' }] },
      ],
    },
  },
  {
    // infra/ holds the adapters (event store, SQL, Temporal connection, mail, blobs, config): below every room
    // but domain/ and contracts/, where what a workflow and infra/ both need lives.
    files: ['infra/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: layers('infra', 'api', 'activities', 'workflows', 'projections', 'bin') }],
    },
  },
  {
    // projections/ read events and write read models, with infra/ and domain/.
    files: ['projections/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: layers('projections', 'api', 'activities', 'workflows', 'bin') }],
    },
  },
  {
    // activities/ call domain/ and infra/ (and read the read models beside their projections); they are bound to
    // their dependencies by type (activities/index.ts), not to the composition root, and never see the workflows.
    files: ['activities/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: layers('activities', 'api', 'workflows', 'bin') }],
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
            { group: ['**/activities/**', '**/infra/**', '**/api/**', '**/projections/**', '**/bin/**'], allowTypeImports: true },
            { group: ['node:*'], message: 'workflows must stay deterministic' },
          ],
        },
      ],
    },
  },
);
