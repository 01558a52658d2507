import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Run by `node -e` in a process of its own: argv[1] is PGlite's entry point, argv[2] the folder.
// Its stdin is a pipe from the parent that ends when the parent dies, even by SIGKILL: it then
// exits (between initdb's long synchronous stretches) rather than finish a folder nobody will
// move into place; the next start removes what it wrote.
const CREATE_PGLITE_FOLDER = `
process.stdin.on('end', () => process.exit(1)).resume();
const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => { console.error(error); process.exit(1); },
);`;

/**
 * Creates a new PGlite data folder in a short-lived child process. Creating one (initdb) grows
 * the WebAssembly memory to ~780 MiB, which is never given back: done in the serving process,
 * a first start would serve at ~850 MiB from then on; opening the folder the child made costs
 * what any later start costs. The child works in a folder of its own, renamed into place once
 * complete, so an interrupted creation leaves no half-made data folder behind (the next start,
 * holding the lock, removes what it left). A folder that exists with something in it is left to
 * PGlite to open. The caller holds the folder's lock, so no other process creates it meanwhile.
 */
export async function createPgliteFolder(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  mkdirSync(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.creating-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CREATE_PGLITE_FOLDER, entry, staging], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  child.stdin.end();
  if (code !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Could not create the database folder ${dataDir}: ${stderr.trim()}`);
  }
  if (existsSync(dataDir)) rmdirSync(dataDir); // empty (checked above); rename needs it gone
  renameSync(staging, dataDir);
}
