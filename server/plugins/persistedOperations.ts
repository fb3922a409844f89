/**
 * Production: only operations in the persisted manifest run. A client may send the hash alone
 * (`extensions.persistedQuery.sha256Hash`, Apollo's protocol) or the full text, which must
 * normalise to a manifest entry. Anything else is refused before parsing.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { documentProblem } from './documentLimits';
import { normalise, type PersistedManifest } from './persistedManifest';
import { createHash } from 'node:crypto';

const refused = (message: string, code: string) => createGraphQLError(message, { extensions: { code, http: { status: 400 } } });

/** What yoga hands an onParams hook. */
type OnParamsPayload = Parameters<NonNullable<Plugin['onParams']>>[0];

/**
 * The plugin when `enabled` (a plugin without hooks otherwise): refuses an operation not in the
 * manifest, or lets it through (replacing a hash by its text).
 */
export function persistedOperations(options: { enabled: boolean; manifest: () => PersistedManifest }): Plugin {
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
    if (typeof params.query !== 'string') throw refused('Only persisted operations are accepted.', 'PERSISTED_QUERY_ONLY');
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
    if (!text) throw refused('Only persisted operations are accepted.', 'PERSISTED_QUERY_ONLY');
  }
}
