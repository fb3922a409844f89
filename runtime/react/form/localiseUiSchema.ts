import type { UiSchema } from '@rjsf/utils';
import type { Translate } from '../messages/translate';

/** uiSchema keys whose values are message keys, resolved once per form mount. */
const TEXT_KEYS = new Set(['ui:title', 'ui:description', 'ui:placeholder', 'ui:help', 'ui:prefix']);

/**
 * Resolves message keys in a uiSchema (labels, placeholders, `ui:enumNames`) through the catalogue:
 * uiSchemas name keys, never texts. Also drops the runtime's own keys rjsf does not know.
 */
export function localiseUiSchema(ui: unknown, t: Translate): UiSchema {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:visibleWhen' || key === 'ui:enabledWhen') continue;
    if (TEXT_KEYS.has(key) && typeof value === 'string') out[key] = t(value);
    else if (key === 'ui:enumNames' && Array.isArray(value)) out[key] = value.map((v) => t(String(v)));
    else if (key.startsWith('ui:')) out[key] = value;
    else out[key] = localiseUiSchema(value, t);
  }
  return out;
}
