// `npm run build`: the web app (Vite, into dist/web, with the first view's server bundle in
// dist/ssr) and the server (esbuild, into dist/server), then the stamp that lets `npm start`
// (scripts/start.js) and `node scripts/build.js --if-changed` skip both when no input changed.
// Plain JavaScript: the check runs on every start and must cost only a node start.
import console from 'node:console';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { STAMP_FILE, buildReason, hashInputs } from './build-stamp.js';

const root = process.cwd();

if (process.argv.includes('--if-changed')) {
  const reason = buildReason(root);
  if (reason === null) process.exit(0);
  console.log(`Building: ${reason}.`);
}

// Taken before building: a source saved during the build makes the next start build again.
const hash = hashInputs(root);
// Gone until the build completes, so an interrupted build is never taken for a current one.
rmSync(join(root, STAMP_FILE), { force: true });

// Loaded only when building: importing them costs more than the check itself.
const { build: buildWeb } = await import('vite');
const { build: buildServer } = await import('esbuild');

await buildWeb();

// One ES module: our code (src/server, src/domain and what they import) and the packages it uses,
// so a start reads one file instead of resolving and loading some 600 CommonJS files. Left in
// node_modules: PGlite (it loads its WebAssembly and data files from beside its own module) and
// sharp (a native addon), and pg's optional native binding. The bundled
// CommonJS packages get a `require` of their own for node's modules. The migrations are read at
// run time next to the module (src/server/data/migrate.ts resolves them from import.meta.url),
// so they are copied beside it.
rmSync(join(root, 'dist/server'), { recursive: true, force: true });
await buildServer({
  entryPoints: [join(root, 'src/server/main.ts')],
  outfile: join(root, 'dist/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', 'sharp', 'pg-native'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(join(root, 'src/server/data/migrations'), join(root, 'dist/server/migrations'), {
  recursive: true,
});

mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(
  join(root, STAMP_FILE),
  `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`,
);
console.log('Built dist/web and dist/server.');
