import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects, one runner: pure unit tests, web components in jsdom, server integration tests
// against real databases, and end-to-end journeys in Debian's Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'tools/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Web components share one jsdom page per worker (isolate: false): setting up jsdom and the app's
        // modules for each of 110-odd files cost more than the tests themselves. The set-up file resets the
        // page between tests; a file that mocks modules or needs a first load (*.isolated.test.tsx) gets
        // its own page in the project below.
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.isolated.test.{ts,tsx}', '**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          include: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
