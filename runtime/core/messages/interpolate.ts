/** Replace `{name}` placeholders with values from params; unknown placeholders stay as written. */
export function interpolate(text: string, params: Record<string, unknown> | undefined): string {
  if (!params) return text;
  return text.replace(/\{([A-Za-z0-9_.]+)\}/g, (whole, name: string) => {
    let value: unknown = params;
    for (const part of name.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null ? whole : String(value);
  });
}
