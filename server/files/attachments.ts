/**
 * File references written into upload slots (settings.uploads.slots): every reference a write adds to a slot
 * must be a file uploaded for this application (to that slot, or naming none) of a type the slot takes. So a
 * record never points at someone else's file, a file never uploaded, or a file the slot would not have taken,
 * whichever writer (createOrUpdateProperty of a whole section, a list entry, an attaching call) wrote it.
 */
import { getPath } from '../../runtime/core/source/pointer';
import type { ResolvedLayers } from '../../runtime/core/types';
import { refuse, type AppSnapshot } from '../enforce';
import { confirmUpload, fileByUuid, type FileDeps } from './fileService';
import { FileRefused } from './fileRefused';
import { uuidsIn } from './uploadLimits';
import { uploadRulesOf, type UploadSlot } from './uploadRules';

/** References a write adds to one concrete slot path. */
export interface SlotReferences {
  path: string;
  slot: UploadSlot;
  uuids: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const segMatch = (pattern: string, seg: string) => pattern === '*' || pattern === seg;

/** The values a write puts at each concrete path of one slot pattern (the written value, or the part of it under the slot). */
function slotValues(pattern: string, path: string, value: unknown): { path: string; value: unknown }[] {
  const ps = pattern.split('.');
  const ws = path.split('.');
  // The write is inside the slot (e.g. one list entry): its whole value lands there.
  if (ws.length > ps.length) return ps.every((p, i) => segMatch(p, ws[i])) ? [{ path: ws.slice(0, ps.length).join('.'), value }] : [];
  if (!ws.every((w, i) => segMatch(ps[i], w))) return [];
  // The write is the slot or above it: follow the rest of the pattern into the value ('*': every key there).
  let found = [{ path: ws.join('.'), value }];
  for (const seg of ps.slice(ws.length)) {
    found = found.flatMap(({ path: at, value: v }) => {
      if (!isObject(v)) return [];
      const keys = seg === '*' ? Object.keys(v) : Object.hasOwn(v, seg) ? [seg] : [];
      return keys.map((k) => ({ path: `${at}.${k}`, value: v[k] }));
    });
  }
  return found;
}

/** The references a write (`path` = `value`) adds to upload slots, less those the stored record holds there already. */
export function addedReferences(layers: ResolvedLayers, record: unknown, path: string, value: unknown): SlotReferences[] {
  const out: SlotReferences[] = [];
  for (const slot of uploadRulesOf(layers).slots) {
    for (const at of slotValues(slot.path, path, value)) {
      const held = uuidsIn(getPath(record, at.path));
      const uuids = [...uuidsIn(at.value)].filter((u) => !held.has(u));
      if (uuids.length) out.push({ path: at.path, slot, uuids });
    }
  }
  return out;
}

/**
 * Refuse (INVALID_VALUE, text api.error.attachment) a write that adds to a slot a reference that is not a file of
 * this application, uploaded (a quarantined upload is inspected now), to that slot or to none, of a type it takes.
 */
export async function assertAttachments(files: FileDeps, layers: ResolvedLayers, app: AppSnapshot, write: { path: string; value: unknown }): Promise<void> {
  for (const { path, slot, uuids } of addedReferences(layers, app.record, write.path, write.value)) {
    for (const uuid of uuids) {
      const no = (why: string) => refuse('INVALID_VALUE', `'${path}' (upload slot ${slot.id}) refers to file ${uuid}, which ${why}`, { path, uuid, messageKey: 'api.error.attachment' });
      const row = await fileByUuid(files.db, uuid);
      if (!row || row.application_id !== app.id) throw no('is not a file uploaded for this application');
      if (row.slot !== null && row.slot !== path) throw no(`was uploaded to '${row.slot}'`);
      if (!slot.accept.includes(row.mime_type)) throw no(`is ${row.mime_type}, which the slot does not take (${slot.accept.join(', ')})`);
      try {
        await confirmUpload(files, row);
      } catch (e) {
        // Over the owner's inspection limits nothing was judged: that refusal (RATE_LIMITED) stands as it is.
        if (e instanceof FileRefused && e.code !== 'RATE_LIMITED') throw no(`was not uploaded (${e.reason})`);
        throw e;
      }
    }
  }
}
