import { defineConfig } from 'vitest/config';

// One test run, five projects. The API tests run twice: once on an in-memory PGlite and once
// on the PostgreSQL server (TEST_DATABASE_URL, default 127.0.0.1:5432/test), each test file in
// its own schema so runs never collide.
export default defineConfig({
  test: {
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // Two files at a time, even on two cores (Vitest's default there is one): an API file waits
    // on its database and its HTTP round trips much of the time, a browser journey on the page,
    // so one file alone left a core idle for most of the run. Each file has its own database (an
    // in-memory PGlite, a Postgres schema), its own server on a free port and its own browser,
    // so two never meet. The fault and deploy projects come after (`groupOrder`), one file at a
    // time: they kill and restart processes and time what follows.
    maxWorkers: 2,
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
          // One file at a time, beside the others: NOTIFY channels and advisory locks belong to
          // the database, not the schema, and some files count the notifications and reads a
          // change makes (catalogue-snapshot.test.ts), which another file's writes would add
          // to. Worker threads are a pool of their own, so this one runs alongside the forks.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
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
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
