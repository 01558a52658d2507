import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Imports flow one way: domain <- server, domain <- web. The domain is pure and the
  // browser never reaches into the server or the database.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/web/**', 'node:*', 'pg', '@electric-sql/*', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', 'node:*', 'pg', '@electric-sql/*', 'fastify'] },
      ],
    },
  },
  // The server's layers (src/server/README.md): repositories hold SQL and nothing else, so they
  // never reach up into auth or routes; route modules are independent and share code through
  // http/, auth/ or repositories/, never through each other.
  {
    files: ['src/server/repositories/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/auth/**'], message: 'Repositories do not depend on auth/.' },
            {
              group: ['**/routes/**'],
              message: 'Repositories do not depend on routes/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/routes/**'],
    ignores: ['src/server/routes/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '../routes/**'],
              message:
                'Route modules do not import each other; share code through http/ or a repository.',
            },
          ],
        },
      ],
    },
  },
);
