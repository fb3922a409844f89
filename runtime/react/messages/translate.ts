import { fillPlaceholders } from '../../core/messages/interpolate';
import { warnMissingText, type MissingText } from '../../core/messages/missingText';
import { getPath } from '../../core/source/pointer';

/** Resolves a message key to text, filling `{path}` placeholders from `vars` (dotted paths). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * A translator over a merged catalogue. Nothing raw reaches the screen: an unknown key and a
 * placeholder no value fills render empty, each reported to `onMissing` (by default a console
 * warning prefixed `[fleetform]`, once per problem); lint reports both before they can happen.
 */
export function createTranslate(messages: Record<string, string>, base: Record<string, unknown> = {}, onMissing: MissingText = warnMissingText()): Translate {
  return (key, vars) => {
    const template = messages[key];
    if (template === undefined) {
      onMissing(`message key '${key}' is not in the catalogue (rendered empty)`);
      return '';
    }
    return fillPlaceholders(
      template,
      (path) => (vars && path in vars ? vars[path] : getPath(vars, path) ?? getPath(base, path)),
      (path) => onMissing(`placeholder {${path}} of '${key}' has no value (rendered empty)`),
    );
  };
}
