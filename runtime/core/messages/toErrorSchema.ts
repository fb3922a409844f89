/** rjsf-style error tree: nested by field path, messages under `__errors`. */
export interface ErrorTree {
  __errors?: string[];
  [field: string]: ErrorTree | string[] | undefined;
}

/** Shape `field path -> message` like the data (`{ a: { b: { __errors: [...] } } }`), as rjsf's ErrorSchema. */
export function toErrorSchema(errors: Record<string, string>): ErrorTree {
  const root: ErrorTree = {};
  for (const [path, message] of Object.entries(errors)) {
    let node = root;
    for (const segment of path === '' ? [] : path.split('.')) node = (node[segment] ??= {}) as ErrorTree;
    (node.__errors ??= []).push(message);
  }
  return root;
}
