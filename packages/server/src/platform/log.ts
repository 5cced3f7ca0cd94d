/**
 * The process's logger (docs/decisions/0046-process-logs-and-build.md). For a person (the default):
 * one readable line per entry, `HH:MM:SS LEVEL message key=value`, errors with their stack.
 * `LOG_FORMAT=json`: pino's JSON lines for machines. Requests are logged at debug level only (see
 * `registerRequestLog`).
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';

export type LogFormat = 'pretty' | 'json';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLORS: Record<number, string> = { 20: '\x1b[90m', 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
/** Fields every entry carries that a person does not need to read. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

const pad = (n: number) => String(n).padStart(2, '0');

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/** One pino JSON entry → one readable line (plus the error's stack, indented). */
function formatEntry(entry: Record<string, unknown>, color = false): string {
  const level = Number(entry.level ?? 30);
  const t = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const stamp = `${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
  const name = LEVELS[level] ?? String(level);
  const tint = color ? (COLORS[level] ?? '') : '';
  const reset = tint ? '\x1b[0m' : '';
  const fields = Object.entries(entry)
    .filter(([k]) => !HIDDEN.has(k))
    .map(([k, v]) => `${k}=${value(v)}`);
  let line = `${stamp} ${tint}${name}${reset} ${String(entry.msg ?? '')}`;
  if (fields.length) line += `  ${fields.join(' ')}`;
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err) line += `\n    ${(err.stack ?? err.message ?? String(err)).split('\n').join('\n    ')}`;
  return `${line}\n`;
}

/** A stream pino writes its JSON lines to, printing them as readable lines (coloured on a terminal, if allowed). */
function prettyStream(out: NodeJS.WriteStream, allowColor: boolean): Writable {
  const color = Boolean(out.isTTY) && allowColor;
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        try {
          out.write(formatEntry(JSON.parse(text) as Record<string, unknown>, color));
        } catch {
          out.write(`${text}\n`);
        }
      }
      done();
    },
  });
}

export function createLogger(opts: { level: string; format: LogFormat; color?: boolean }): FastifyBaseLogger {
  if (opts.format === 'json') return pino({ level: opts.level });
  return pino({ level: opts.level }, prettyStream(process.stdout, opts.color ?? true));
}

export function logFormatFromEnv(value: string | undefined): LogFormat {
  return value?.toLowerCase() === 'json' ? 'json' : 'pretty';
}

/** One debug line per answered request (Fastify's own request logging is off). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug(
      { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${req.method} ${req.url.split('?')[0]}`,
    );
  });
}
