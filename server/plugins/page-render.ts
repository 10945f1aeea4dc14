import { EventEmitter } from 'node:events';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';

/** The built site's request handler (the Astro Node adapter in middleware mode). */
export type SiteHandler<Locals> = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: Locals,
) => Promise<void>;

export interface InMemoryAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/*
 * Renders a page without a socket: the page cache renders on a miss, in the background warm-up
 * and on every revalidation, so this path is the cost of a render. The handler turns Node's
 * request into a web Request and writes the Response back (`NodeApp.createRequest` and
 * `writeResponse`); these two objects are the members it uses: the request's url, method,
 * headers and socket, and the response's writeHead, write, end and events. The body's chunks
 * are kept as they come: no copy per chunk and no text decode of the page, which a general
 * in-memory request (light-my-request) makes on every render.
 */

class MemorySocket extends EventEmitter {
  readonly encrypted = false;
  readonly remoteAddress = '127.0.0.1';
  destroyed = false;
}

class MemoryResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  finished = false;
  readonly headers: OutgoingHttpHeaders = {};
  readonly chunks: Uint8Array[] = [];

  constructor(
    readonly req: { url: string; socket: MemorySocket },
    private readonly onEnd: () => void,
  ) {
    super();
  }

  setHeader(name: string, value: number | string | string[]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }

  removeHeader(name: string) {
    delete this.headers[name.toLowerCase()];
  }

  writeHead(status: number, reason?: string | OutgoingHttpHeaders, headers?: OutgoingHttpHeaders) {
    this.statusCode = status;
    const given = typeof reason === 'object' ? reason : headers;
    for (const [name, value] of Object.entries(given ?? {})) {
      if (value !== undefined) this.setHeader(name, value);
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: Uint8Array | string) {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return true;
  }

  end(chunk?: Uint8Array | string | (() => void)) {
    if (this.finished) return this;
    if (chunk !== undefined && typeof chunk !== 'function') this.write(chunk);
    this.headersSent = true;
    this.finished = true;
    this.emit('finish');
    this.req.socket.destroyed = true;
    this.req.socket.emit('close');
    this.emit('close');
    this.onEnd();
    return this;
  }
}

/** A GET of `path` answered by `handler` in memory. */
export function renderInMemory<Locals>(
  handler: SiteHandler<Locals>,
  path: string,
  headers: IncomingHttpHeaders,
  locals: Locals,
): Promise<InMemoryAnswer> {
  const socket = new MemorySocket();
  const req = { url: path, method: 'GET', headers, socket };
  return new Promise((resolve, reject) => {
    const res = new MemoryResponse(req, () =>
      resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(res.chunks) }),
    );
    handler(
      req as unknown as IncomingMessage,
      res as unknown as ServerResponse,
      undefined,
      locals,
    ).then(() => {
      if (!res.finished) reject(new Error(`the site handler left ${path} unanswered`));
    }, reject);
  });
}
