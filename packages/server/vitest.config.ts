import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault suite starts its own PostgreSQL and broker: vitest.faults.config.ts, run once.
    exclude: ['test/faults/**', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One fork runs many files: the server's modules are imported once per fork, not once per file
    // (the import phase was ~70 % of the API runs). Every file builds its own app and database, and
    // no test mocks modules or changes process.env, so files share nothing but the module cache.
    isolate: false,
  },
});
