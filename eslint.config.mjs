// Lint what review misses (STYLE.md §20): floating promises, type-only imports, import cycles, and the workflow
// sandbox rule.
import tseslint from 'typescript-eslint';
import local from './eslint-rules/no-import-cycles.mjs';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', '.tools/**', '.models/**', 'bench/results/**', 'scripts/**', '*.config.*'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { local },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // No import cycles (eslint-rules/no-import-cycles.mjs; test/structure/import-cycles.test.ts checks the rule).
      'local/no-import-cycles': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: only @temporalio/workflow, the workflow-safe code under
    // src/core/workflow-safe/ (no imports of its own), plus type-only imports.
    files: ['workflows/**/*.ts', 'test/fixtures/changed-workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@temporalio/workflow$|\\./|\\.\\./src/core/workflow-safe/)',
              allowTypeImports: true,
              message: 'Workflow code may only import @temporalio/workflow and src/core/workflow-safe/ (and types).',
            },
          ],
        },
      ],
    },
  },
);
