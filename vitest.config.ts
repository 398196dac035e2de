import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The unit tests run for ~7 s; a fresh module graph per file cost ~80 s more of imports.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file boots its own server and database; two cores, so two at a time.
          maxWorkers: 2,
          fileParallelism: true,
          // Suites keep no module state (each starts its own server), so one import of the server serves them all.
          isolate: false,
        },
      },
    ],
  },
});
