/**
 * The request body limit (yoga's `maxRequestBodySize`, the same default, errors and order), without
 * yoga's per-request stream when the request states its size.
 *
 * Yoga checks Content-Length and then ALSO pipes every body through a counting TransformStream. On
 * Node that pipe is a stream pipeline whose finish aborts an AbortController, and the abort builds a
 * DOMException with a stack trace: about 40% of a plain yoga request's CPU time on the bench machine.
 * A body can never exceed a valid Content-Length: Node's HTTP parser (node:http, which main.ts
 * serves with) frames the body by it and refuses a request that also says Transfer-Encoding, so
 * counting it again finds nothing. A body without Content-Length (chunked) is counted as it
 * streams, as yoga does. (In-process callers of `app.fetch` are trusted code: their Content-Length
 * is not checked against the body.)
 * @example createYoga({ maxRequestBodySize: false, plugins: [requestParse({ refuse }), requestBodyLimit()] })
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** Yoga's default limit (bytes). */
export const DEFAULT_MAX_BODY_BYTES = 25_000_000;

// Only a single non-negative integer is a valid Content-Length (not a comma-joined list, as in
// request-smuggling attempts): yoga's rule.
const CONTENT_LENGTH = /^\d+$/;

const tooLarge = () => createGraphQLError('Request body too large', { extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' } });
const invalidLength = () => createGraphQLError('Content-Length header is invalid.', { extensions: { http: { status: 400 }, code: 'BAD_REQUEST' } });

type FetchAPI = Parameters<NonNullable<Plugin['onRequestParse']>>[0]['fetchAPI'];

/** The request with its body counted as it streams: past `limit` bytes the body fails with the 413 error (yoga's wrapper). */
function counted(request: Request, limit: number, fetchAPI: FetchAPI): Request {
  const body = request.body;
  if (!body) return request;
  // A native ReadableStream pipes through the native TransformStream, a ponyfill one through the ponyfill's.
  const Transform = (body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream) as typeof TransformStream;
  let bytesRead = 0;
  const limitedBody = body.pipeThrough(
    new Transform<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytesRead += chunk.byteLength;
        if (bytesRead > limit) {
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new fetchAPI.Request(request.url, { method: request.method, headers: request.headers, signal: request.signal, body: limitedBody, duplex: 'half' } as RequestInit);
}

/** A request parser as yoga's onRequestParse hook sees it. */
export type RequestParser = NonNullable<Parameters<NonNullable<Plugin['onRequestParse']>>[0]['requestParser']>;

/**
 * The body limit of one request: throws the 400/413 when Content-Length is invalid or over `limit`,
 * and answers the parser to use: `parse` itself when the size is stated, else one that reads the body
 * counted as it streams (undefined stays undefined).
 */
function limitedParser(request: Request, parse: RequestParser | undefined, limit: number, fetchAPI: FetchAPI): RequestParser | undefined {
  const contentLength = request.headers.get('content-length');
  if (contentLength != null) {
    if (!CONTENT_LENGTH.test(contentLength)) throw invalidLength();
    if (Number(contentLength) > limit) throw tooLarge();
    // Framed by the parser: at most contentLength bytes arrive. (With Transfer-Encoding too, which
    // only a lenient parser lets through, the body is counted anyway.)
    if (request.headers.get('transfer-encoding') === null) return parse;
  }
  if (parse == null || request.body == null) return parse;
  return (req) => parse(counted(req, limit, fetchAPI));
}

/** Refuse bodies over `limit` bytes: by Content-Length before reading, else while streaming. */
export function requestBodyLimit(limit = DEFAULT_MAX_BODY_BYTES): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const parser = limitedParser(request, requestParser, limit, fetchAPI);
      if (parser && parser !== requestParser) setRequestParser(parser);
    },
  };
}
