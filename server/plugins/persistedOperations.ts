/**
 * Production: only operations in the persisted manifest run. A client may send the hash alone
 * (`extensions.persistedQuery.sha256Hash`, Apollo's protocol) or the full text, which must
 * normalise to a manifest entry. Anything else is refused before parsing.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { documentProblem } from './documentLimits';
import { normalise, type PersistedManifest } from './persistedManifest';
import { createHash } from 'node:crypto';

/** Catalogue key of the refusal of an operation outside the manifest (`PersistedQueryNotFound` is Apollo's protocol text, kept). */
export const PERSISTED_ONLY_KEY = 'api.error.PERSISTED_QUERY_ONLY';

const refused = (message: string, code: string) => createGraphQLError(message, { extensions: { code, http: { status: 400 } } });

/** What yoga hands an onParams hook. */
type OnParamsPayload = Parameters<NonNullable<Plugin['onParams']>>[0];

/**
 * The plugin when `enabled` (a plugin without hooks otherwise): refuses an operation not in the
 * manifest, or lets it through (replacing a hash by its text). `onlyPersistedText` is the refusal's
 * catalogue text ({@link PERSISTED_ONLY_KEY}).
 */
export function persistedOperations(options: { enabled: boolean; manifest: () => PersistedManifest; onlyPersistedText: string }): Plugin {
  if (!options.enabled) return {};
  const manifest = options.manifest();
  // Text -> allowed, so a client sending full text pays the normalisation once per distinct text.
  const seen = new Map<string, string | null>();
  return { onParams: check };

  function check({ params, setParams }: OnParamsPayload): void {
    const ext = params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
    const hash = ext?.persistedQuery?.sha256Hash;
    if (typeof hash === 'string') {
      const text = manifest[hash];
      if (!text) throw refused('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND');
      setParams({ ...params, query: text });
      return;
    }
    if (typeof params.query !== 'string') throw refused(options.onlyPersistedText, 'PERSISTED_QUERY_ONLY');
    let text = seen.get(params.query);
    if (text === undefined) {
      let normalised: string | null;
      try {
        // Within the document limits first: the manifest's operations are, and parsing is recursive.
        normalised = documentProblem(params.query) ? null : normalise(params.query);
      } catch {
        normalised = null;
      }
      text = normalised && manifest[createHash('sha256').update(normalised).digest('hex')] ? normalised : null;
      if (seen.size < 5000) seen.set(params.query, text);
    }
    if (!text) throw refused(options.onlyPersistedText, 'PERSISTED_QUERY_ONLY');
  }
}
