import { expect, type Locator, type Page } from '@playwright/test';

/** The text input whose accessible name is exactly `label` (the required mark is aria-hidden). */
export function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** The message a field's aria-describedby points at ('' when none), and whether it is aria-invalid. */
export async function fieldMessage(input: Locator): Promise<{ message: string; invalid: boolean }> {
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const invalid = (await input.getAttribute('aria-invalid')) === 'true';
  const texts: string[] = [];
  for (const id of describedBy.split(/\s+/).filter(Boolean)) {
    texts.push(((await input.page().locator(`[id="${id}"]`).textContent()) ?? '').trim());
  }
  return { message: texts.join(' ').trim(), invalid };
}

/** Types a value (replacing what is there) and leaves the field, as a user would with Tab. */
export async function enter(input: Locator, value: string): Promise<void> {
  await input.fill(value);
  await input.press('Tab');
}

/** Polls until the field shows exactly `expected` ('' = no message, and then not aria-invalid). */
export async function expectMessage(input: Locator, expected: string, what: string): Promise<void> {
  await expect.poll(() => fieldMessage(input), { message: what }).toEqual({ message: expected, invalid: expected !== '' });
}
