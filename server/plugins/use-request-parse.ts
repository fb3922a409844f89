/**
 * The request-parse phase of the GraphQL endpoint in one hook: the body limit
 * (use-request-body-limit.ts) and the strict parsers (requestParsers.ts), so a body or query string
 * that cannot be read answers a 4xx refusal. A POST whose Content-Type no parser takes answers 415
 * with a JSON refusal (yoga's own 415 has no body).
 * @example createYoga({ maxRequestBodySize: false, plugins: [useRequestParse({ refuse })] })
 */
import type { Plugin } from 'graphql-yoga';
import { requestParsers } from './requestParsers';
import type { RefuseRequest } from './requestRefusal';
import { DEFAULT_MAX_BODY_BYTES, limitedParser } from './use-request-body-limit';

/** The plugin: `refuse` builds the refusals, `maxBodyBytes` is the body limit (yoga's default). */
export function useRequestParse(options: { refuse: RefuseRequest; maxBodyBytes?: number }): Plugin {
  const { refuse } = options;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const parsers = requestParsers(refuse);
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      // Other methods are yoga's to refuse (405), after this hook.
      if (!requestParser && request.method === 'POST') throw refuse('the body must be sent as application/json', 415);
      const parser = limitedParser(request, requestParser && parsers.forRequest(request, requestParser), limit, fetchAPI);
      if (parser) setRequestParser(parser);
    },
  };
}
