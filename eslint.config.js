import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The web app's layers (src/web/README.md): shared -> features -> app, and no feature imports
// another. A later block's no-restricted-imports replaces an earlier one's for the same file,
// so every web block repeats the browser's own rule.
const BROWSER_ONLY = {
  group: ['**/server/**', 'node:*', 'pg', '@electric-sql/*', 'fastify'],
  message: 'The browser never imports the server or the database.',
};
const NOT_APP = {
  group: ['**/app/**'],
  message: 'Only src/web/main.tsx imports app/: imports flow shared -> features -> app.',
};
const FEATURES = readdirSync(join(import.meta.dirname, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [BROWSER_ONLY, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Numbers in template strings are how this code base writes prices, counts and URLs
      // (`${cents / 100}`, `${quantity}×`): Number's toString is exactly what we mean there.
      // Everything else (objects, undefined, any) stays refused.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` and `.then(() => resolve())` are the React and Node
      // idiom; the rule still refuses a void value used anywhere else (returned from a block,
      // assigned, passed on).
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  // Plain JS config files are outside the TypeScript project (no allowJs): lint them without types.
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
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
  { files: ['src/web/**'], rules: webImports() },
  {
    files: ['src/web/shared/**'],
    rules: webImports(NOT_APP, {
      group: ['**/features/**'],
      message: 'shared/ is used by features, never the other way: move the code here instead.',
    }),
  },
  // One block per feature folder, so a new feature is covered without editing this file.
  ...FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: webImports(NOT_APP, {
      group: FEATURES.filter((other) => other !== feature).flatMap((other) => [
        `../${other}`,
        `../${other}/**`,
        `**/features/${other}`,
        `**/features/${other}/**`,
      ]),
      message: `features/${feature} does not import another feature: move what both use to src/web/shared.`,
    }),
  })),
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
  // SQL lives in repositories/ only: the use cases call a repository's methods, so every
  // statement, and every lock it takes, is found where the README says it is.
  {
    files: ['src/server/{cart,orders,staff,privacy,mail}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/data/sql', '**/data/sql.*'],
              message:
                'Use cases write no SQL: add a method to a repository in src/server/repositories and call it.',
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
