import tseslint from 'typescript-eslint'

/**
 * Imports flow one way: routes → features → components → lib (content/ sits beside lib/), browser
 * code never reaches server-only modules, and the domain services (server/services) never import the
 * adapters over them (pages, GraphQL, HTTP). Each folder lists what it may not import; the patterns match
 * the import as written (relative paths), so a file that imports against the flow fails the lint.
 */
const serverOnly = {
  group: ['**/server/**', '../server/*', '**/*.server', '**/*.server.*'],
  message: 'Browser code must not import server-only modules.',
}
const aboveComponents = {
  group: ['**/features/**', '**/routes/**', '**/root', '**/root.tsx'],
  message: 'Shared components sit below features and routes (routes → features → components → lib): move code that needs a feature into app/features/, or pass it in as a prop or through a context.',
}
const aboveFeatures = {
  group: ['**/routes/**', '**/root', '**/root.tsx'],
  message: 'Features sit below routes (routes → features → components → lib): move what both need into app/components/ or lib/.',
}
/**
 * A feature uses another only through its public entry, the index.ts at the other folder's top
 * (`../upload`, never `../upload/use-upload`): what several features share otherwise moves to
 * app/components/ or lib/.
 */
const otherFeatureInternals = {
  regex: '^\\.\\./[^./][^/]*/.+',
  message: "Import another feature through its index.ts ('../upload'), or move what both need into app/components/ or lib/.",
}
/**
 * These import the auth feature's session and sign-in calls, or the dashboard's security form parts,
 * from inside those folders; each leaves the list once what it shares moves to app/components/ or
 * behind its feature's index.ts.
 */
const aboveLib = {
  group: ['**/app/**', '../app', '**/components/**', '**/features/**', '**/routes/**'],
  message: 'lib/ and content/ are the bottom layer, shared by the browser and the server: they import only lib/ and content/.',
}
const adapters = {
  group: ['react-router', '@react-router/*', 'graphql', 'graphql-yoga', 'graphql-ws', 'hono', 'hono/*', '**/graphql/**', '**/http/**', '**/app/**'],
  message: 'Services are the domain: they take the actor and plain input, and know nothing of the pages, GraphQL or HTTP that call them.',
}
/**
 * Nothing derived from a request is ever compiled or evaluated: the product's code has no eval, no
 * Function constructor and no `vm`, and takes Zod from lib/zod.ts, which keeps Zod from compiling its
 * parsers. Tests may evaluate what the build made (a generated loader) to check it.
 */
const noCodeFromStrings = [
  { name: 'vm', message: 'The product runs no code made at run time.' },
  { name: 'node:vm', message: 'The product runs no code made at run time.' },
  { name: 'zod', message: "Import z from lib/zod.ts, which keeps Zod from compiling parsers with new Function." },
]
const productCode = ['app/**', 'server/**', 'lib/**', 'content/**', 'scripts/**']
const testCode = ['**/*.test.ts', '**/*.test.tsx']
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { paths: noCodeFromStrings, patterns }] })

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
    files: productCode,
    ignores: testCode,
    rules: {
      'no-eval': 'error',
      'no-new-func': 'error',
      ...restrict(),
      // Who acts is checked, never asserted: a service narrows its actor with requireSignedIn and friends.
      'no-restricted-syntax': ['error', { selector: "TSNonNullExpression > Identifier[name='actor']", message: 'Narrow the actor with requireSignedIn (or another check of server/services/shared/authorize.ts) instead of asserting it.' }],
    },
  },
  { files: ['app/components/**'], rules: restrict(serverOnly, aboveComponents) },
  { files: ['app/features/**'], rules: restrict(serverOnly, aboveFeatures, otherFeatureInternals) },
  { files: ['lib/**', 'content/**'], rules: restrict(serverOnly, aboveLib) },
  { files: ['server/services/**'], rules: restrict(adapters) },
  // The one module that imports Zod itself, to configure it.
  { files: ['lib/zod.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [serverOnly, aboveLib] }] } },
)
