/** Structured logging; never pass a secret (keys, passwords, certificate material) in `fields`. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export function consoleLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    stream.write(`${JSON.stringify({ t: new Date().toISOString(), level, message, ...fields })}\n`);
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
