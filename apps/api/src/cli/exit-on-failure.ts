import { StartupError } from '../startup-error';

/** A command-line usage mistake: the reason and the usage line, exit code 2. */
export function exitWithUsage(reason: string | undefined, usage: string): never {
  process.stderr.write(`${reason ? `${reason}\n` : ''}${usage}\n`);
  process.exit(2);
}

/**
 * Ends a command-line tool after a failure: what the operator can fix (configuration, database,
 * files, a wrong option) is one line; anything else keeps its stack. The line is written before exit.
 */
export function exitOnFailure(error: unknown, usage: string): void {
  const code = (error as { code?: unknown | undefined }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) exitWithUsage((error as Error).message, usage);
  const text = error instanceof StartupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${text}\n`, () => process.exit(1));
}

/** 12.3 MB */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
