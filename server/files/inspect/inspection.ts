/** What an inspector answers: nothing when the file is wholly what it claims, else why not. */

/** Refusal codes of a content inspection (each has a catalogue text `api.error.<code>`). */
export type InspectionCode = 'EMPTY' | 'TOO_LARGE' | 'TYPE_MISMATCH' | 'INVALID_FILE' | 'UNSAFE_CONTENT' | 'ENCRYPTED_FILE';

/** Why the bytes were refused: a code for the caller and a reason for developers and logs. */
export interface InspectionRefusal {
  code: InspectionCode;
  reason: string;
}

/** A refusal of `code` with `reason`. */
export const refusal = (code: InspectionCode, reason: string): InspectionRefusal => ({ code, reason });

/** Largest decoded image the server decodes (pixels): larger is refused rather than allocated. */
export const MAX_IMAGE_PIXELS = 40_000_000;
