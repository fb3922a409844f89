import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the browser build: rjsf imports it for rich
 * descriptions, which the runtime's theme never renders (descriptions are catalogue texts).
 * Renders its text as-is. Saves the markdown parser from the form chunk.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
