import { defineConfig } from 'vitest/config';

// One test run, five projects. The API tests run twice: once on an in-memory PGlite and once
// on the PostgreSQL server (TEST_DATABASE_URL, default 127.0.0.1:5432/test), each test file in
// its own schema so runs never collide.
export default defineConfig({
  test: {
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-cluster-setup.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/pglite-cluster-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Chromium is heavy on two cores: one browser journey at a time.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          // Builds dist/ if needed and makes the PGlite folder every test copies.
          globalSetup: ['tests/faults/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts real server processes; two cores run one such file at a time.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          // The compiled server behind Caddy: the fault suite's setup (dist/, a PGlite folder).
          globalSetup: ['tests/faults/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
