// `npm start`: builds dist/ when an input changed since the last build, then runs the server in
// this same process. The server must be the process npm signals: npm passes SIGTERM and SIGINT
// on to its script's process, and the server shuts down gracefully on them (src/server/serve.ts).
// The script was `node scripts/build.js --if-changed && node dist/server/main.js`: npm's shell
// ran the server as a child of its own, the SIGTERM ended the shell, and the server carried on
// serving with nobody left to stop it. Plain JavaScript: it runs before anything is built.
import console from 'node:console';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { buildReason } from './build-stamp.js';

const root = process.cwd();
const reason = buildReason(root);
if (reason !== null) {
  console.log(`Building: ${reason}.`);
  const build = spawn(process.execPath, [join(root, 'scripts/build.js')], { stdio: 'inherit' });
  // Stopped while building: the build stops too, and so does the start.
  const stop = (signal) => build.kill(signal);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const code = await new Promise((resolve) => {
    build.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
  if (code !== 0) process.exit(code);
}

await import(pathToFileURL(join(root, 'dist/server/main.js')).href);
