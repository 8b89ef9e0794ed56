import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Only the thin Electron layer may import 'electron' (ARCHITECTURE.md): everything else must load
// under plain Node, where requiring electron fails on machines without its binary.
const ELECTRON_LAYER = [
  'src/main/index.ts',
  'src/main/window.ts',
  'src/main/app-protocol.ts',
  'src/main/electron-ports.ts',
  'src/main/ipc/electron-ipc.ts',
  'src/preload/index.ts',
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Escaping control characters in response snippets and header values is deliberate.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only the Electron layer (see eslint.config.js) may import electron; keep logic Electron-free.',
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules (issue 12 item 7): each file is checked with the types of its tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // A default clause handles the rest of a union on purpose; a switch without one names every case.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // An index read may be undefined (noUncheckedIndexedAccess): check it, default it or narrow its
    // type; a `!` would only hide it again.
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ELECTRON_LAYER,
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The sandbox is a program of its own: node and src/shared only (ARCHITECTURE.md).
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox runs under plain Node.' }],
          patterns: [
            {
              group: ['**/main', '**/main/**', '**/renderer', '**/renderer/**', '**/preload', '**/preload/**'],
              message: 'The sandbox imports only src/shared and node: it is the other side of the HTTP boundary.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app starts the sandbox through its public entry (src/sandbox/index.ts) only.
    files: ['src/main/**/*.ts'],
    ignores: ELECTRON_LAYER,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only the Electron layer (see eslint.config.js) may import electron; keep logic Electron-free.',
            },
          ],
          patterns: [
            { group: ['**/sandbox/*'], message: "Import the sandbox through its public entry ('../sandbox')." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main only through lib/ipc-client.ts.' }],
          patterns: [
            { group: ['**/main/**', 'node:*'], message: 'The renderer cannot use main-process or Node modules.' },
            {
              group: ['**/sandbox', '**/sandbox/**'],
              message: 'The sandbox is a Node program; it is not in the renderer.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'paydesk',
          message: 'Use lib/ipc-client.ts (the one module that touches the bridge).',
        },
      ],
    },
  },
  {
    // Walls between features (issue 47 item 4): a file in features/X/ imports components/, lib/,
    // stores/, shared code and its own feature, never another feature nor screens/. A screen that
    // shows several features lives in screens/ (ARCHITECTURE.md). Repeats the renderer's paths and
    // patterns, since a later block replaces a rule's options rather than adding to them.
    files: ['src/renderer/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main only through lib/ipc-client.ts.' }],
          patterns: [
            { group: ['**/main/**', 'node:*'], message: 'The renderer cannot use main-process or Node modules.' },
            {
              group: ['**/sandbox', '**/sandbox/**'],
              message: 'The sandbox is a Node program; it is not in the renderer.',
            },
            {
              regex: '^\\.\\./(?!\\.\\./)|(^|/)(features|screens)/',
              message:
                'A feature imports no other feature (nor screens/): move the shared part to components/ or lib/, or compose the features in a screen (screens/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/src/lib/ipc-client.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
)
