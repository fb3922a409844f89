import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../core/types';

/** One rjsf form of a form block: the whole form, a section, or a run of a section's fields. */
export interface FormPart {
  /** Stable key (React key). */
  id: string;
  /** Top-level property the part edits; empty for a whole-form part. */
  section: string;
  /** The section fields this part edits, when the section is split; undefined = all of them. */
  fields?: string[];
  schema: RJSFSchema;
  ui: UiSchema;
  /** Field count (for the height reserved before the part mounts). */
  size: number;
}

/** A section and the parts it is drawn with. */
export interface Section {
  key: string;
  parts: FormPart[];
}

/** Largest run of fields one rjsf form draws: a keystroke re-renders one run, one run mounts at a time. */
export const PART_FIELDS = 10;

/** Section schema keywords a split keeps exact (anything else, e.g. `if`/`then`, keeps the section whole). */
const SPLITTABLE_KEYWORDS = new Set(['type', 'title', 'description', 'properties', 'required', '$comment']);
/** Section uiSchema options a split keeps exact (`ui:order`, custom fields or templates keep it whole). */
const SPLITTABLE_OPTIONS = new Set(['ui:title', 'ui:description', 'ui:help']);

function splittable(schema: RJSFSchema, ui: UiSchema): boolean {
  return Object.keys(schema).every((k) => SPLITTABLE_KEYWORDS.has(k))
    && Object.keys(ui).every((k) => !k.startsWith('ui:') || SPLITTABLE_OPTIONS.has(k));
}

/**
 * The rjsf forms a form block is drawn with. Without `ui:sections`: one form. With
 * `ui:sections: true`: each top-level object property is its own form, and a plain section
 * (only properties / required, no ordering or custom templates) of more than
 * {@link PART_FIELDS} fields is drawn as several forms of consecutive fields, which look the same.
 */
export function sectionsOf(schema: JsonSchema, ui: UiSchema): Section[] {
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  if (ui['ui:sections'] !== true) {
    return [{ key: '', parts: [{ id: '_', section: '', schema: schema as RJSFSchema, ui, size: Object.keys(props).length }] }];
  }
  return Object.entries(props).map(([key, sub]) => {
    const sectionUi = (ui[key] ?? {}) as UiSchema;
    const names = Object.keys(sub.properties ?? {});
    if (names.length <= PART_FIELDS || !splittable(sub, sectionUi)) {
      return { key, parts: [{ id: key, section: key, schema: sub, ui: sectionUi, size: names.length }] };
    }
    const parts: FormPart[] = [];
    for (let start = 0; start < names.length; start += PART_FIELDS) {
      const fields = names.slice(start, start + PART_FIELDS);
      const properties = Object.fromEntries(fields.map((f) => [f, (sub.properties as Record<string, RJSFSchema>)[f]]));
      const required = Array.isArray(sub.required) ? sub.required.filter((r) => fields.includes(r)) : [];
      const partSchema: RJSFSchema = { ...sub, properties, ...(required.length ? { required } : {}) };
      if (!required.length) delete partSchema.required;
      parts.push({ id: `${key}#${start}`, section: key, fields, schema: partSchema, ui: sectionUi, size: fields.length });
    }
    return { key, parts };
  });
}
