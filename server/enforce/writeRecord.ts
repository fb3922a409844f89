/** The one entry point every field writer uses: read, decide, patch atomically, audit; retried on a lost race. */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { LogicInstance } from '../../runtime/core/logic';
import type { DefinitionSet, ResolvedLayers } from '../../runtime/core/types';
import { applyDecision, type MemberColumns } from './applyWrite';
import { decideWrite, type Decision, type WriteRequest } from './decide';
import { getPath } from '../../runtime/core/source/pointer';
import { refuse, type EnforceError } from './errors';
import { membershipOf, readSnapshot, type AppSnapshot, type Caller } from './snapshot';
import { upgradeApplication } from './upgrade';

/** What enforcement needs from the server. */
export interface EnforceDeps {
  db: Kysely<Database>;
  defs: DefinitionSet;
  /** The definition set's logic instance. */
  logic: LogicInstance;
  /** Layers merged for a selection (cached by the caller). */
  layers(selection: Record<string, string>): ResolvedLayers;
  /** The definitions' content hash: an application read under another is migrated first (`upgradeApplication`). */
  version?: string;
  /**
   * Checks a field write against what lives outside the record before it lands (the server's file references in
   * upload slots: server/files/attachments.ts); throws the refusal. The resolvers' deps set it (`depsOf`).
   */
  checkWrite?: (app: AppSnapshot, write: { path: string; value: unknown }) => Promise<void>;
  /**
   * Called once a write that changed who the application's officers are (its membership columns) has landed, with
   * the application as it was and the columns written; awaited before the write answers. The resolvers' deps set it
   * (`depsOf`): the officer who left loses their envelopes (server/graphql/resolvers/officerChange.ts).
   */
  membersChanged?: (before: AppSnapshot, columns: MemberColumns) => Promise<void>;
}

/** One write as a resolver asks for it. */
export interface WriteCall {
  applicationId: string;
  caller: Caller;
  request: WriteRequest;
  /** The version the client read; a different current version refuses the write (STALE_VERSION). */
  expectedVersion?: number | null;
  /** `server` only for provider outcomes the server itself reports. */
  by?: 'client' | 'server';
  /** Membership columns to change in the same statement. */
  columns?: MemberColumns;
  /** The application as the caller's access check just read it (saves the first read; must be a member's). */
  snapshot?: AppSnapshot;
  /** For calls that must change something: the refusal to throw (nothing audited) when the record already holds it. */
  refuseUnchanged?: (app: AppSnapshot) => EnforceError;
}

/** Result of an accepted write. */
export interface WriteResult {
  decision: Decision;
  /** The application's version after the write. */
  version: number;
  /** The snapshot the decision was made on. */
  before: AppSnapshot;
}

const ATTEMPTS = 3;

/** Whether writing `columns` would change the application's membership columns. */
const columnsChange = (app: AppSnapshot, columns: MemberColumns | undefined): boolean =>
  (columns?.primary_user_id !== undefined && columns.primary_user_id !== app.primaryUserId) || (columns?.secondary_user_id !== undefined && columns.secondary_user_id !== app.secondaryUserId);

/** Layer selection of an application: its brand and region. */
export const selectionOf = (app: AppSnapshot): Record<string, string> => ({ brand: app.brandId, region: app.region.toLowerCase() });

/** Read the application and refuse unless the caller is one of its members. */
export async function memberSnapshot(db: Kysely<Database>, applicationId: string, caller: Caller): Promise<AppSnapshot> {
  const app = await readSnapshot(db, applicationId);
  if (!app || !membershipOf(app, caller)) throw refuse('FORBIDDEN', 'no application with this id is yours', { applicationId });
  return app;
}

/**
 * Decide and apply one write. The UPDATE only lands on the version the decision was made on, so a
 * concurrent change re-runs the decision (or, when the client stated the version it read, refuses as stale).
 */
export async function writeRecord(deps: EnforceDeps, call: WriteCall): Promise<WriteResult> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const fresh = attempt === 1 && call.snapshot?.id === call.applicationId && membershipOf(call.snapshot, call.caller);
    const read = fresh && call.snapshot ? call.snapshot : await memberSnapshot(deps.db, call.applicationId, call.caller);
    const app = deps.version ? await upgradeApplication(deps.db, { defs: deps.defs, version: deps.version }, read) : read;
    if (call.expectedVersion != null && app.version !== call.expectedVersion) {
      throw refuse('STALE_VERSION', `application changed since version ${call.expectedVersion} (now ${app.version}): reload and retry`, { expectedVersion: call.expectedVersion, currentVersion: app.version });
    }
    let decision = decideWrite({ defs: deps.defs, layers: deps.layers(selectionOf(app)), logic: deps.logic, app, caller: call.caller, request: call.request, by: call.by });
    // The record holds the value already, but the membership columns move: still a write.
    if (decision.kind === 'unchanged' && decision.mode && columnsChange(app, call.columns)) {
      decision = { kind: 'write', path: decision.path, value: decision.value, from: getPath(app.record, decision.path), mode: decision.mode };
    }
    if (decision.kind === 'unchanged' && call.refuseUnchanged) throw call.refuseUnchanged(app);
    if (decision.kind === 'write' && deps.checkWrite) await deps.checkWrite(app, decision);
    const version = await applyDecision(deps.db, app, call.caller, decision, decision.kind === 'unchanged' ? {} : call.columns);
    if (version !== null) {
      if (decision.kind !== 'unchanged' && call.columns && columnsChange(app, call.columns)) await deps.membersChanged?.(app, call.columns);
      return { decision, version, before: app };
    }
    if (call.expectedVersion != null) {
      throw refuse('STALE_VERSION', `application changed since version ${call.expectedVersion}: reload and retry`, { expectedVersion: call.expectedVersion });
    }
  }
  throw refuse('CONFLICT', 'the application is being changed by someone else right now: retry', { applicationId: call.applicationId });
}
