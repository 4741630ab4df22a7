// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layers = (...names) => names.map((name) => ({ group: [`**/${name}/**`, `../${name}/*`], allowTypeImports: false }));

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
          patterns: layers('infra', 'api', 'activities', 'workflows', 'projections', 'bin'),
        },
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
            { group: ['**/activities/**', '**/infra/**', '**/api/**', '**/projections/**', '**/bin/**'], allowTypeImports: true },
            { group: ['node:*'], message: 'workflows must stay deterministic' },
          ],
        },
      ],
    },
  },
);
