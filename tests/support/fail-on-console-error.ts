import { afterEach, vi } from 'vitest';

// A test that makes the code log console.error has hit something unexpected: fail it.
let errors: unknown[][] = [];
const original = console.error;
console.error = vi.fn((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0])}`);
  }
});
