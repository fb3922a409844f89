/** Why a file request was refused (resolvers and routes turn it into a typed answer). */
import { INSPECTION_CODES } from './inspect/inspection';

/**
 * Refusal codes of the file service; each has a catalogue text `api.error.<code>` (NOT_FOUND: `api.error.file.NOT_FOUND`).
 * RATE_LIMITED: the owner is over their inspection limits (details carry `retryAfterSeconds`); nothing was judged.
 */
export const FILE_REFUSAL_CODES = [...INSPECTION_CODES, 'UNSUPPORTED_TYPE', 'NOT_FOUND', 'FILE_LIMIT', 'RATE_LIMITED'] as const;
export type FileRefusalCode = (typeof FILE_REFUSAL_CODES)[number];

/** A refused file request: a code for the caller, a reason for developers. */
export class FileRefused extends Error {
  constructor(
    readonly code: FileRefusalCode,
    readonly reason: string = code,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'FileRefused';
  }
}
