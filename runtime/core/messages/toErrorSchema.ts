import { hasPrototypeSegment } from '../source/pointer';

/** rjsf-style error tree: nested by field path, messages under `__errors`. */
export interface ErrorTree {
  __errors?: string[];
  [field: string]: ErrorTree | string[] | undefined;
}

/**
 * Shape `field path -> message` like the data (`{ a: { b: { __errors: [...] } } }`), as rjsf's ErrorSchema.
 * A path through a prototype name (`__proto__`, `constructor`, `prototype`: no field has one) is left out:
 * the errors come from the server, and walking it would write onto `Object.prototype`.
 */
export function toErrorSchema(errors: Record<string, string>): ErrorTree {
  const root: ErrorTree = {};
  for (const [path, message] of Object.entries(errors)) {
    if (hasPrototypeSegment(path)) continue;
    let node = root;
    for (const segment of path === '' ? [] : path.split('.')) node = (node[segment] ??= {}) as ErrorTree;
    (node.__errors ??= []).push(message);
  }
  return root;
}
