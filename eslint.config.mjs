import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

/**
 * The engine must stay pure TypeScript: no electron, no node:*, no Vue, no DOM, no ambient randomness or
 * time. These rules make the build fail when that slips.
 */
const sharedGlobals = new Set([
  ...Object.keys(globals.es2021),
  'AbortController',
  'AbortSignal',
  'console',
  'structuredClone',
  'queueMicrotask',
])
const engineForbiddenGlobals = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node), ...Object.keys(globals.worker)]),
]
  .filter((g) => !sharedGlobals.has(g))
  .map((name) => ({ name, message: 'The engine is pure TypeScript: no DOM, Node or worker globals (pass what you need in).' }))

export const engineRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'electron', message: 'The engine never imports electron.' },
        { name: 'vue', message: 'The engine never imports Vue.' },
        { name: 'pinia', message: 'The engine never imports Pinia.' },
        { name: 'piscina', message: 'The engine never imports the worker pool.' },
      ],
      patterns: [
        { group: ['node:*'], message: 'The engine never imports Node built-ins.' },
        {
          group: ['fs', 'path', 'os', 'crypto', 'child_process', 'worker_threads', 'util', 'events', 'stream', 'http', 'https', 'url', 'perf_hooks'],
          message: 'The engine never imports Node built-ins.',
        },
        { group: ['**/main/**', '**/renderer/**', '**/cli/**', '**/preload/**'], message: 'The engine depends on nothing outside src/engine.' },
      ],
    },
  ],
  'no-restricted-globals': ['error', ...engineForbiddenGlobals],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: 'Use the seeded stream (rng) passed in as the first argument.' },
    { object: 'Date', property: 'now', message: 'The engine has no clock; inject one (see runJob `now`).' },
    { object: 'performance', property: 'now', message: 'The engine has no clock; inject one (see runJob `now`).' },
  ],
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['**/*.{ts,vue}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/multi-word-component-names': ['error', { ignores: ['App'] }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/main/**/*.ts', 'src/cli/**/*.ts', 'src/preload/**/*.ts', 'tests/**/*.ts', '*.config.*', 'bin/**/*.cjs', 'scripts/**/*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: engineRules,
  },
)
