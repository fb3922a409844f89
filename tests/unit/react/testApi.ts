import { resolve } from 'node:path';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';
import { sdlTexts } from '../../../runtime/node';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** One `reassignQuote` call the test API received. */
export interface ReassignCall {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The test API's gazetteer (addressSuggestions, addressDetails). */
export const ADDRESSES = [
  { id: 'au-1', label: '1 George Street, Sydney NSW 2000', subPremise: null, streetNo: '1', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', country: 'Australia', countryCode: 'AU' },
  { id: 'au-2', label: '15 George Street, Sydney NSW 2000', subPremise: null, streetNo: '15', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', country: 'Australia', countryCode: 'AU' },
  { id: 'au-3', label: 'Unit 4, 12 Smith Street, Fitzroy VIC 3065', subPremise: 'Unit 4', streetNo: '12', streetName: 'Smith Street', suburb: 'Fitzroy', state: 'VIC', postCode: '3065', country: 'Australia', countryCode: 'AU' },
  { id: 'nz-1', label: '60 George Street, Dunedin Central, Otago 9016', subPremise: null, streetNo: '60', streetName: 'George Street', suburb: 'Dunedin Central', state: 'Otago', postCode: '9016', country: 'New Zealand', countryCode: 'NZ' },
  { id: 'us-1', label: '1 George Street, Boston MA 02108', subPremise: null, streetNo: '1', streetName: 'George Street', suburb: 'Boston', state: 'MA', postCode: '02108', country: 'United States', countryCode: 'US' },
];

const SDL_DIR = resolve(import.meta.dirname, '../../../server/graphql');

/** A request handler (the yoga instance). */
export type Mount = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * For the binding and chain unit tests (flows/_examples/binding.yaml, chain.yaml, loadThen.yaml): a real graphql-yoga endpoint over the server's own SDL,
 * answering `reassignQuote` and `fetchCacheMakeModel` (three rows) and recording what it was sent: the browser's generated documents must fit the real schema.
 * An e-mail starting with `fail` gets a GraphQL error, one starting with `busy` a status '409' answer, one starting
 * with `flaky` a GraphQL error on its first two calls and a success from the third.
 */
export function createTestApi(): { mount: Mount; reassignCalls: ReassignCall[]; suggestionCalls: { query: string; countries: string[] | null }[] } {
  const calls: ReassignCall[] = [];
  const suggestionCalls: { query: string; countries: string[] | null }[] = [];
  const yoga = createYoga({
    graphqlEndpoint: '/graphql',
    logging: false,
    schema: createSchema({
      typeDefs: sdlTexts(SDL_DIR),
      resolvers: {
        Query: {
          // Three rows, for the load whose `then` event reads its answer (flows/_examples/loadThen.yaml).
          fetchCacheMakeModel: () => ({ results: { rows: ['A', 'B', 'C'].map((model, i) => ({ id: String(i + 1), make: 'MAKE', model })) } }),
          // The address autocomplete (flows/_examples/autocomplete.yaml): every address holding each word, in the countries asked for.
          addressSuggestions: (_: unknown, args: { query: string; countries?: string[] | null }) => {
            suggestionCalls.push({ query: args.query, countries: args.countries ?? null });
            const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
            return ADDRESSES.filter((a) => (!args.countries || args.countries.includes(a.countryCode)) && words.every((w) => a.label.toLowerCase().includes(w))).map(({ id, label }) => ({ id, label }));
          },
          addressDetails: (_: unknown, args: { id: string }) => ADDRESSES.find((a) => a.id === args.id) ?? null,
        },
        Mutation: {
          reassignQuote: (_: unknown, args: { userInfo: ReassignCall }) => {
            calls.push({ ...args.userInfo });
            // Lets tests drive the failure path: an e-mail starting with `fail` is refused; one
            // starting with `busy` gets an answer that is not a success.
            if (args.userInfo.email.startsWith('fail')) throw createGraphQLError(`refused by the test API: ${args.userInfo.email}`);
            const seen = calls.filter((c) => c.email === args.userInfo.email).length;
            if (args.userInfo.email.startsWith('flaky') && seen <= 2) throw createGraphQLError(`flaky, call ${seen}`);
            if (args.userInfo.email.startsWith('busy')) return { status: '409', message: 'Busy' };
            return { status: '200', message: 'OK' };
          },
        },
      },
    }),
  });
  return { mount: (req, res) => void yoga(req, res), reassignCalls: calls, suggestionCalls };
}

/**
 * The test API on a local port for the lifetime of a test file: `beforeAll` starts it, `afterAll` closes it;
 * `uri()` is its GraphQL address once started.
 */
export function serveTestApi(): { api: ReturnType<typeof createTestApi>; uri: () => string } {
  const api = createTestApi();
  let server: Server | undefined;
  let uri = '';
  beforeAll(async () => {
    server = createServer((req, res) => api.mount(req, res));
    await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
    uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => server?.close());
  return { api, uri: () => uri };
}
