/**
 * A number formatted by `Intl.NumberFormat` with `{ locale, ...options }`. Formatters are kept per locale and
 * options: making one costs far more than formatting with it (a rate-book page formats hundreds of prices;
 * made afresh, they were the largest single cost of hydrating it on a phone). The options come from
 * definitions, so there are few; the cache is still bounded.
 */
const formatters = new Map<string, Intl.NumberFormat>();
const MAX_FORMATTERS = 64;

export function formatNumber(value: number, options: Record<string, unknown> = {}): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locale, ...rest } = options;
    formatter = new Intl.NumberFormat(typeof locale === 'string' ? locale : undefined, rest as Intl.NumberFormatOptions);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}
