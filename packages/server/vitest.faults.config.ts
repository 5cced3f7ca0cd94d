import { defineConfig } from 'vitest/config';

/** The fault suite (test/faults): private PostgreSQL and Mosquitto instances; run once by scripts/test.sh. */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
