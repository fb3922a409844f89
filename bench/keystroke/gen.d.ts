// Modules the bench pages import from bench/.build/gen (written by generate.ts; Vite aliases them).
declare module 'bench-gen:definitions' {
  /** Field count -> the runtime bundle (JSON chunk). */
  export const bundles: Record<string, () => Promise<unknown>>;
}
declare module 'bench-gen:validators' {
  /** ajv standalone validators (CommonJS): export name -> validation function. */
  const validators: Record<string, unknown>;
  export = validators;
}
declare module 'bench-gen:stock' {
  /** Field count -> `{ schema, uiSchema }` for the stock page (JSON chunk). */
  export const forms: Record<string, () => Promise<unknown>>;
}

/** What the harness (harness.ts, an init script) records in the page. */
interface Window {
  __bench: import('./harness').BenchRecord;
}
