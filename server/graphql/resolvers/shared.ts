/** Helpers the application resolvers share: enforcement deps, the VehicleApplication shape, the status answer. */
import type { ServerContext } from '../../context';
import { selectionOf, type AppSnapshot, type EnforceDeps, type WriteResult } from '../../enforce';
import { assertAttachments } from '../../files';
import { fileCall, filesOf } from './files';
import { releaseOfficerSignatures } from './officerChange';

/**
 * Enforcement dependencies from the request context: file references in upload slots are checked against the
 * stored files; an officer who leaves the application takes their signatures with them (officerChange.ts).
 */
export const depsOf = (ctx: ServerContext): EnforceDeps => {
  const deps: EnforceDeps = {
    db: ctx.db,
    defs: ctx.definitions.defs,
    logic: ctx.definitions.logic,
    layers: (s) => ctx.definitions.layers(s),
    version: ctx.definitions.version,
    checkWrite: (app, write) => fileCall(() => assertAttachments(filesOf(ctx), ctx.definitions.layers(selectionOf(app)), app, write)),
    membersChanged: (before, columns) => releaseOfficerSignatures(ctx, deps, before, columns),
  };
  return deps;
};

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** An officer as another user may see them: without their ID scan data and ID form (personal data). */
function redactOfficer(applicant: unknown, viewerId: string): unknown {
  const a = obj(applicant);
  if (!Object.keys(a).length || a.userId === viewerId) return applicant ?? null;
  return { ...a, idScanResult: null, idScanData: null };
}

/** The GraphQL VehicleApplication of a stored application, as `viewerId` may see it; `orgId` is its brand's organisation id. */
export function vehicleApplication(app: AppSnapshot, roles: string[], viewerId: string, orgId: string = app.brandId): Record<string, unknown> {
  const record = app.record as Record<string, unknown>;
  const stored = obj(record.scoreboard);
  const scoreboard: Record<string, unknown> = { ...stored, primaryApplicant: redactOfficer(stored.primaryApplicant, viewerId), secondaryApplicant: redactOfficer(stored.secondaryApplicant, viewerId) };
  return {
    applicationId: app.id,
    applicationStatus: typeof record.applicationStatus === 'string' ? record.applicationStatus : app.status,
    applicationType: app.type,
    orgId,
    orgUserId: app.primaryUserId,
    docusignStatus: record.docusignStatus ?? scoreboard.docusignStatus ?? null,
    version: app.version,
    definitionVersion: app.definitionVersion,
    roles,
    calculator: record.calculator ?? null,
    scoreboard: { ...scoreboard, applicationId: scoreboard.applicationId ?? app.id, applicationType: scoreboard.applicationType ?? app.type },
  };
}

/** The spec's `{ status: '200', message }` answer of an accepted write. */
export function accepted(result: WriteResult, message?: string): { status: string; message: string; version: number } {
  return { status: '200', message: message ?? (result.decision.kind === 'unchanged' ? 'unchanged' : 'OK'), version: result.version };
}

/** Field resolvers of nested application types. */
export const applicationTypeResolvers = {
  ShortlistItem: {
    raw: (item: unknown) => item,
  },
};
