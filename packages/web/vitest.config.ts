import { defineConfig } from 'vitest/config';

// Unit tests of the web's pure helpers (URL list state, search rule, editor validation).
export default defineConfig({ test: { include: ['src/**/*.test.ts'], environment: 'node' } });
