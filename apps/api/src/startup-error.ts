/**
 * A start-up failure the operator fixes from its message alone (configuration, database URL, port):
 * server.ts prints the one-line message without a stack; any other error keeps its stack.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown | undefined }) {
    super(message.replace(/\s*\n\s*/g, ' '), options);
    this.name = 'StartupError';
  }
}
