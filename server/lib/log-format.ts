import type { LogFormatSetting } from '../config.ts';

/** Where log lines go: JSON for collectors, or a short line per request for a person. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT wins; on `auto`, a terminal reads short lines and anything else reads JSON. */
export function logFormat(setting: LogFormatSetting, isTTY: boolean | undefined): LogFormat {
  if (setting !== 'auto') return setting;
  return isTTY ? 'pretty' : 'json';
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface Line {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

// Requests whose start was seen but not yet their end; bounded in case an end never comes.
const MAX_OPEN_REQUESTS = 1000;

const clock = (time: number | undefined) =>
  new Date(time ?? Date.now()).toISOString().slice(11, 19);

/**
 * A pino destination that turns its JSON lines into short ones: one per request (time, method,
 * URL, status, milliseconds) and the message of anything else. The request's start line is
 * kept only until its end line prints it whole.
 */
export function prettyLogStream(
  write: (text: string) => void = (text) => process.stdout.write(text),
) {
  const open = new Map<string, { method: string; url: string }>();
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (!raw) continue;
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          write(`${raw}\n`);
          continue;
        }
        const time = clock(line.time);
        const level = line.level ?? 30;
        if (line.msg === 'incoming request' && line.reqId && line.req) {
          if (open.size >= MAX_OPEN_REQUESTS) open.delete(open.keys().next().value!);
          open.set(line.reqId, { method: line.req.method ?? '', url: line.req.url ?? '' });
          continue;
        }
        if (line.msg === 'request completed' && line.reqId) {
          const request = open.get(line.reqId);
          open.delete(line.reqId);
          const what = request ? `${request.method} ${request.url}` : line.reqId;
          const ms = Math.round(line.responseTime ?? 0);
          write(`${time} ${what} ${line.res?.statusCode ?? '-'} ${ms} ms\n`);
          continue;
        }
        const name = levelNames[level] ?? String(level);
        const detail =
          line.err?.message && line.err.message !== line.msg ? `: ${line.err.message}` : '';
        write(`${time} ${name} ${line.msg ?? ''}${detail}\n`);
        if (level >= 50 && line.err?.stack) write(`${line.err.stack}\n`);
      }
    },
  };
}
