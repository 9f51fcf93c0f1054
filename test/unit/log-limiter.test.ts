// Repeated warnings and errors are written once per interval with a count of those left out (main/core/logger.ts).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { consoleLogger, rateLimited, type Logger } from '../../main/core/logger';

function recorder(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

describe('the log limiter', () => {
  it('writes a repeated error once per interval, then says how many it left out', () => {
    let now = 0;
    const inner = recorder();
    const log = rateLimited(inner, { now: () => now, intervalMs: 60_000 });
    for (let i = 0; i < 1000; i++) log.error('webhook run failed', { attempt: i });
    expect(inner.lines).toEqual([{ level: 'error', message: 'webhook run failed', fields: { attempt: 0 } }]);
    now = 59_999;
    log.error('webhook run failed', { attempt: 1000 });
    expect(inner.lines).toHaveLength(1);
    now = 60_000;
    log.error('webhook run failed', { attempt: 1001 });
    expect(inner.lines[1]).toEqual({ level: 'error', message: 'webhook run failed', fields: { attempt: 1001, suppressed: 1000 } });
    // A quiet interval after: the next one goes through with nothing suppressed.
    now = 200_000;
    log.error('webhook run failed');
    expect(inner.lines[2]).toEqual({ level: 'error', message: 'webhook run failed', fields: undefined });
  });

  it('keeps messages, and levels, apart; info lines always pass', () => {
    const inner = recorder();
    const log = rateLimited(inner, { now: () => 0 });
    log.error('a');
    log.error('b');
    log.warn('a');
    log.error('a');
    log.info('issued');
    log.info('issued');
    expect(inner.lines.map((l) => `${l.level}:${l.message}`)).toEqual(['error:a', 'error:b', 'warn:a', 'info:issued', 'info:issued']);
  });

  it('remembers a bounded number of keys', () => {
    const inner = recorder();
    const log = rateLimited(inner, { now: () => 0 });
    for (let i = 0; i < 5000; i++) log.error(`distinct ${i}`);
    // The oldest keys were forgotten: the first message goes through again.
    log.error('distinct 0');
    log.error('distinct 4999');
    expect(inner.lines).toHaveLength(5001);
  });

  it('is what the console logger of `sello serve` and the app does', () => {
    const stream = new PassThrough();
    let out = '';
    stream.on('data', (c: Buffer) => (out += c.toString()));
    let now = 0;
    const log = consoleLogger(stream, { now: () => now, intervalMs: 1000 });
    for (let i = 0; i < 50; i++) log.error('write refused: the data folder disk is full', { error: 'SQLITE_FULL' });
    now = 1000;
    log.error('write refused: the data folder disk is full', { error: 'SQLITE_FULL' });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 'error', suppressed: 49 });
  });
});
