/**
 * The strict GET and JSON parsers of the GraphQL endpoint (requestParsers.ts), so a body or query
 * string that cannot be read answers a 4xx refusal. A POST whose Content-Type no parser takes answers
 * 415 with a JSON refusal (yoga's own 415 has no body). The body limit is requestBodyLimit.ts, after it.
 * @example createYoga({ maxRequestBodySize: false, plugins: [requestParse({ refuse }), requestBodyLimit()] })
 */
import type { Plugin } from 'graphql-yoga';
import { requestParsers } from './requestParsers';
import type { RefuseRequest } from './requestRefusal';

/** The plugin: `refuse` builds the refusals. */
export function requestParse(options: { refuse: RefuseRequest }): Plugin {
  const { refuse } = options;
  const parsers = requestParsers(refuse);
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      // Other methods are yoga's to refuse (405), after this hook.
      if (!requestParser) {
        if (request.method === 'POST') throw refuse('the body must be sent as application/json', 415);
        return;
      }
      setRequestParser(parsers.forRequest(request, requestParser));
    },
  };
}
