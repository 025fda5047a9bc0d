import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/**', 'build-*/**', 'data/**', '.react-router/**', 'node_modules/**', 'test-results/**', 'server/db/migrations/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Browser code never reaches server-only modules (secrets, database, Node APIs).
    files: ['app/components/**', 'app/features/**', 'lib/**', 'content/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../server/*', '**/*.server', '**/*.server.*'], message: 'Browser code must not import server-only modules.' }] }],
    },
  },
)
