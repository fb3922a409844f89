/**
 * The app's Node HTTP server. Two kinds of request never reach the app as it would answer them:
 * - a Host header no URL can be built from (`a b`, `[`, `:80`, `x/y`): whatwg-node builds the request
 *   URL from it before any plugin runs and answers a failure with a 500 carrying the stack (or routes
 *   `x/y` elsewhere); such a request is refused here with a 400;
 * - a request Node's HTTP parser refuses (a forbidden byte in a header, no request line,
 *   Content-Length with Transfer-Encoding, headers over the size limit, a timeout): Node's own answer
 *   has no body.
 * Both answer the app's JSON refusal (`body(status)`, see plugins/requestRefusal.ts) with Node's status,
 * and close the connection.
 * @example createHttpServer(app, (status) => refusalBody(refuse('the HTTP request is malformed', status))).listen(8080);
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's status per parser error code (lib/_http_server.js); every other code answers 400. */
const STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** A host name (DNS labels or an IPv4 address) or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?)(?::\d{1,5})?$/i;

/** Host values seen valid (a server sees few; bounded so a flood of distinct ones cannot grow it). */
const MAX_REMEMBERED_HOSTS = 1000;

/** The server: `app` answers every request with a usable Host, `body(status)` is the JSON of a refusal. */
export function createHttpServer(app: RequestListener, body: (status: number) => string): Server {
  const valid = new Set<string>();
  const usable = (host: string | undefined): boolean => {
    if (host === undefined || valid.has(host)) return true;
    if (!HOST.test(host)) return false;
    try {
      new URL(`http://${host}/`);
    } catch {
      return false; // a port over 65535, an IPv6 address that is not one
    }
    if (valid.size < MAX_REMEMBERED_HOSTS) valid.add(host);
    return true;
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (usable(req.headers.host)) return app(req, res);
    const json = body(400);
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), 'x-content-type-options': 'nosniff', connection: 'close' });
    res.end(json);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nothing to answer on a reset connection, or once a response has started on it.
    const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const [status, text] = STATUS[error.code ?? ''] ?? [400, 'Bad Request'];
    const json = body(status);
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${json}`);
  });
  return server;
}
