import type { FlowEffect } from '../../core/flow';
import { executeCall } from '../bindings/executeCall';
import type { EffectRegistry } from '../types';

/** What effects need from the runner. */
export interface EffectEnv {
  operations: Record<string, string>;
  effects: EffectRegistry;
  graphqlUri: string;
  navigate: (to: string) => void;
  /** Writes a context path (`record.*`, `state.*`); other roots are ignored. */
  write: (path: string, value: unknown) => void;
  /** Goes to an app path once every effect ran (`navigate` effects). */
  go: (to: string, replace: boolean) => void;
}

/**
 * Runs the effects core's `next` returned, in order: `call` (a GraphQL binding via Apollo; its
 * result is written at `result`), `set` and `status` (context writes), `effect` (a registered
 * handler), `go` (remembered for the caller). Step navigation is left to the caller. Throws on the
 * first failure so the step does not move, except for calls marked `ignoreFailure` (only logged).
 */
export async function runEffects(effects: FlowEffect[], env: EffectEnv): Promise<void> {
  for (const effect of effects) {
    switch (effect.kind) {
      case 'call': {
        const document = env.operations[effect.operation];
        if (!document) throw new Error(`unknown operation '${effect.operation}'; known operations: ${Object.keys(env.operations).join(', ')}`);
        try {
          const result = await executeCall(env.graphqlUri, effect.operation, document, effect.variables);
          if (effect.result) env.write(effect.result, result);
        } catch (err) {
          if (!effect.ignoreFailure) throw err;
          console.error(err);
        }
        break;
      }
      case 'set':
        env.write(effect.path, effect.value);
        break;
      case 'status':
        env.write(`record.${effect.path}`, effect.to);
        break;
      case 'effect': {
        const handler = env.effects[effect.name];
        if (!handler) throw new Error(`unknown effect '${effect.name}'; known effects: ${Object.keys(env.effects).join(', ')}`);
        await handler(effect.params, { navigate: env.navigate });
        break;
      }
      case 'go':
        env.go(effect.to, effect.replace === true);
        break;
      case 'navigate':
        break;
    }
  }
}
