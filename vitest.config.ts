import { defineConfig } from 'vitest/config';

/** One runner, four projects: `npm test` runs them in order (unit, api, e2e). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', environment: 'node', include: ['packages/shared/src/**/*.test.ts'] } },
      // The web app's build steps run in Node, without the browser setup of the 'web' project.
      { test: { name: 'web-build', environment: 'node', include: ['apps/web/build-tools/**/*.test.ts'] } },
      {
        // Vite's own transform handles TSX with the automatic JSX runtime; no plugin needed for tests.
        test: {
          name: 'web',
          environment: 'jsdom',
          testTimeout: 20_000,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // Browser steps poll for what a user would see; a loaded CI machine needs more than 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
