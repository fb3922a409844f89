import type { DefinitionError, DefinitionSet } from '../types';
import { errorAt } from '../source';
import { eachTransition } from '../flow/walkFlow';

/**
 * `onError` on an effect that cannot fail as a call or a registered effect does (a `set`, a
 * `navigate`): it would do nothing, so the author meant it for another effect. The meta-schema
 * checks its values (retry, dialog, log).
 */
export function checkOnError(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const [id, flow] of Object.entries(defs.flows)) {
    for (const site of eachTransition(flow)) {
      (site.transition?.effects ?? []).forEach((effect, i) => {
        if (!effect || typeof effect !== 'object' || !('onError' in effect) || 'call' in effect || 'effect' in effect) return;
        const kind = 'set' in effect ? 'set' : 'navigate' in effect ? 'navigate' : 'this';
        out.push(
          errorAt(
            defs.sources,
            defs.flowFiles[id],
            `${site.pointer}/effects/${i}/onError`,
            `'onError' on a ${kind} effect does nothing: only a call or a registered effect can fail`,
            "move 'onError' to the call or effect whose failure it is about (retry: the error dialog's Try Again re-runs the event; dialog: shown, no re-run; log: only logged)",
          ),
        );
      });
    }
  }
  return out;
}
