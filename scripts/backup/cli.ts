import { BackupError } from './common';
import { DataFolderInUseError } from '../../src/server/data/folder-lock';

/**
 * Runs a backup command: `--help` prints the usage, too many arguments or an unknown option is
 * a usage error (exit 2), and a failure prints its message and exits 1: an operator needs the
 * reason, not a stack trace (DEBUG=1 adds it for what is not a known refusal).
 */
export async function runCli(
  usage: string,
  maxArgs: number,
  main: (args: (string | undefined)[]) => Promise<void>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  if (args.length > maxArgs || args.some((arg) => arg.startsWith('-'))) {
    console.error(usage);
    process.exit(2);
  }
  try {
    await main(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    const refusal = error instanceof BackupError || error instanceof DataFolderInUseError;
    if (!refusal && error instanceof Error && process.env.DEBUG) console.error(error.stack);
    process.exit(1);
  }
}
