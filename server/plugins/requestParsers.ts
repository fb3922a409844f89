/**
 * The GraphQL endpoint's request parsers, in place of yoga's GET and JSON ones: strict about what they
 * read, and every failure is a 400 refusal (requestRefusal.ts), never an exception that error masking
 * would answer with a 500 and a logged stack.
 * - GET: the query string must be valid percent-encoded UTF-8 and name each parameter at most once;
 *   `variables` and `extensions` must be JSON (their types are yoga's check, after the params hook).
 * - POST application/json: the body must be valid UTF-8 holding a JSON object (an array is a batch,
 *   which yoga refuses).
 * Any other parser yoga picks is kept, its failures turned into the same refusal.
 * @example const parsers = requestParsers(refuse); setRequestParser(parsers.forRequest(request, requestParser));
 */
import { Buffer, isUtf8 } from 'node:buffer';
import type { GraphQLParams } from 'graphql-yoga';
import { isGraphQLError, type RefuseRequest } from './requestRefusal';
import type { RequestParser } from './requestBodyLimit';

/** The parameters a GET request may state (each once). */
const GET_PARAMS = ['query', 'variables', 'operationName', 'extensions'];

/** A JSON POST as yoga recognises one (its isContentTypeMatch: the first listed type, parameters allowed). */
function isJsonPost(request: Request): boolean {
  if (request.method !== 'POST') return false;
  const header = request.headers.get('content-type');
  if (header === 'application/json') return true;
  const type = header?.split(',')[0] ?? '';
  return type === 'application/json' || type.startsWith('application/json;') || type === 'application/graphql+json' || type.startsWith('application/graphql+json;');
}

/** The parsers over one refusal factory. */
export function requestParsers(refuse: RefuseRequest): { forRequest(request: Request, picked: RequestParser): RequestParser } {
  const json = (text: string | null, name: string): unknown => {
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw refuse(`${name} is not valid JSON`);
    }
  };

  const parseGet = (request: Request): GraphQLParams => {
    const url = request.url;
    const q = url.indexOf('?');
    let search = q < 0 ? '' : url.slice(q + 1);
    const hash = search.indexOf('#');
    if (hash >= 0) search = search.slice(0, hash);
    try {
      decodeURIComponent(search);
    } catch {
      throw refuse('the query string is not valid percent-encoded UTF-8');
    }
    const params = new URLSearchParams(search);
    for (const name of GET_PARAMS) if (params.getAll(name).length > 1) throw refuse(`the query string states ${name} more than once`);
    return {
      query: params.get('query') || undefined,
      operationName: params.get('operationName') || undefined,
      variables: json(params.get('variables'), 'variables') as GraphQLParams['variables'],
      extensions: json(params.get('extensions'), 'extensions') as GraphQLParams['extensions'],
    };
  };

  const parseJsonPost = async (request: Request): Promise<GraphQLParams | GraphQLParams[]> => {
    let data: ArrayBuffer | Uint8Array;
    try {
      data = await request.arrayBuffer();
    } catch (e) {
      // The body limit's 413 and aborts keep their meaning; any other read failure is the client's.
      if (isGraphQLError(e) || (e as Error)?.name === 'AbortError') throw e;
      throw refuse('the body could not be read');
    }
    // whatwg-node's Node Request answers a Buffer here, a native one an ArrayBuffer: view it without copying.
    const bytes = ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
    if (!isUtf8(bytes)) throw refuse('the body is not valid UTF-8');
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw refuse('the body is not valid JSON');
    }
    if (body === null || typeof body !== 'object') throw refuse('the body is not a JSON object');
    return body as GraphQLParams | GraphQLParams[];
  };

  // Yoga's other parsers (none is reachable while the CSRF check admits JSON only), their failures refused.
  const guarded = new WeakMap<RequestParser, RequestParser>();
  const guard = (parse: RequestParser): RequestParser => {
    let wrapped = guarded.get(parse);
    if (!wrapped) {
      wrapped = async (request) => {
        try {
          return await parse(request);
        } catch (e) {
          if (isGraphQLError(e) || (e as Error)?.name === 'AbortError') throw e;
          throw refuse('the request could not be parsed');
        }
      };
      guarded.set(parse, wrapped);
    }
    return wrapped;
  };

  return {
    forRequest(request, picked) {
      if (request.method === 'GET') return parseGet;
      return isJsonPost(request) ? parseJsonPost : guard(picked);
    },
  };
}
