import { defineConfig } from 'vitest/config'

// Three layers (see ARCHITECTURE.md): unit tests of one piece, integration tests over real HTTP
// and a real Secret Service, and end-to-end tests of the built renderer in Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The Electron shell (the six files that import electron) under a typed fake of electron.
          name: 'shell',
          include: ['test/shell/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machines have two cores.
          fileParallelism: false,
        },
      },
    ],
  },
})
