import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        // A few unit suites open the embedded database or load the message catalogue, which can
        // take longer than the defaults on a busy 2-core machine.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // API suites build the app on a fresh database each (a new PostgreSQL database per suite),
        // so `npm run test:api` runs two at once: about 1.7 times faster on two cores, where
        // the default is one.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // HTTP tests of the built site (page cache, link previews): run after `npm run build`.
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
