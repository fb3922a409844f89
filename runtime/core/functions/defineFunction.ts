/**
 * Named, typed functions definitions call like logic operations (`{ lastPage: [total, size] }`), for
 * logic that is more than a one-liner. Each has a signature lint reads (names, argument counts) and a
 * unit test. Generic ones live in runtime/core/functions, product ones in extensions/functions.
 */

/** One parameter of a signature. */
export interface FunctionParam {
  name: string;
  /** Type as written in the signature (`number`, `list`, `object`, `any`, ...): documentation for analysts. */
  type: string;
  /** `name?: type`: may be left out. */
  optional: boolean;
  /** `...name: type`: any number more (the last parameter only). */
  rest: boolean;
}

/** A parsed signature, e.g. from `(total: number, pageSize: number) => number`. */
export interface Signature {
  params: FunctionParam[];
  returns: string;
}

/** A registered function: name, signature text, what it does, the implementation. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function may be registered
export interface FunctionDef<F extends (...args: any[]) => unknown = (...args: any[]) => unknown> {
  name: string;
  /** TypeScript-like: `(list: list, key: text, ...more: any) => list`. */
  signature: string;
  description: string;
  fn: F;
}

const NAME = /^[a-z][A-Za-z0-9]*$/;
const SIGNATURE = /^\((.*)\)\s*=>\s*(\S.*)$/;
const PARAM = /^(\.\.\.)?([A-Za-z_][A-Za-z0-9_]*)(\?)?\s*:\s*(\S.*)$/;

/** Parse a signature text; throws with the reason when it is malformed. */
export function parseSignature(text: string): Signature {
  const match = SIGNATURE.exec(text.trim());
  if (!match) throw new Error(`signature '${text}' is not of the form '(name: type, ...) => type'`);
  const params = match[1].trim() === '' ? [] : match[1].split(',').map((part) => {
    const p = PARAM.exec(part.trim());
    if (!p) throw new Error(`parameter '${part.trim()}' of '${text}' is not 'name: type', 'name?: type' or '...name: type'`);
    return { name: p[2], type: p[4].trim(), optional: Boolean(p[3]) || Boolean(p[1]), rest: Boolean(p[1]) };
  });
  params.forEach((p, i) => {
    if (p.rest && i !== params.length - 1) throw new Error(`in '${text}' only the last parameter may be '...${p.name}'`);
    if (!p.optional && params.slice(0, i).some((q) => q.optional)) throw new Error(`in '${text}' required '${p.name}' follows an optional parameter`);
  });
  return { params, returns: match[2].trim() };
}

/** How many arguments a call may pass: `[min, max]` (max Infinity with a rest parameter). */
export function arity(signature: string | Signature): [number, number] {
  const { params } = typeof signature === 'string' ? parseSignature(signature) : signature;
  const min = params.filter((p) => !p.optional).length;
  return [min, params.some((p) => p.rest) ? Infinity : params.length];
}

/**
 * Define a function: checks the name (lower camel case) and the signature, so a mistake fails at
 * start-up and in the unit tests, not when a definition first calls it.
 * @example defineFunction({ name: 'lastPage', signature: '(total: number, pageSize: number) => number', description: '...', fn: lastPage })
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function may be registered
export function defineFunction<F extends (...args: any[]) => unknown>(def: FunctionDef<F>): FunctionDef<F> {
  if (!NAME.test(def.name)) throw new Error(`function name '${def.name}' must be lower camel case (a letter, then letters or digits)`);
  const parsed = parseSignature(def.signature);
  if (parsed.params.length !== def.fn.length && !parsed.params.some((p) => p.optional)) {
    throw new Error(`function '${def.name}': the signature has ${parsed.params.length} parameters, the implementation ${def.fn.length}`);
  }
  return def;
}

/** Name -> signature text of a list of functions (what the extension manifest lists and lint reads). */
export function signaturesOf(functions: readonly FunctionDef[]): Record<string, string> {
  return Object.fromEntries(functions.map((f) => [f.name, f.signature]));
}
