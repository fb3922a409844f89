// @vitest-environment happy-dom
/**
 * The global error dialog (spec 000 s8) over flows/_examples/onError.yaml and a real graphql-yoga
 * endpoint: failures stack, each with its first GraphQL error message; the region's text (regions/*.yaml);
 * Try Again re-runs the retryable failure (`onError: retry`, default), clears the `onError: dialog` one,
 * keeps a re-run that fails again, and the dialog closes once every failure is cleared; an
 * `onError: log` failure never opens it.
 */
import { act } from 'react';
import { expect, it, vi } from 'vitest';
import { serveTestApi } from './testApi';
import { exampleBundle, renderFlow } from './renderFlow';

const { api, uri: graphqlUri } = serveTestApi();

const buttonIn = (root: ParentNode, text: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === text);
const dialog = () => document.querySelector('dialog[open]');
const listed = () => [...(dialog()?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
const sent = (email: string) => api.reassignCalls.filter((c) => c.email === email).length;

for (const region of ['au', 'nz']) {
  it(`${region}: stacked errors, Try Again re-runs the retryable one until cleared, log-only never shows`, async () => {
    api.reassignCalls.length = 0;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { bundle } = exampleBundle({ region });
    const t = (key: string) => bundle.messages[key];
    const view = await renderFlow('/examples/on-error/form', { selection: { region }, graphqlUri: graphqlUri() });
    const has = (text: string) => view.container.textContent?.includes(text);
    const press = async (key: string) => {
      const b = await view.waitFor(() => buttonIn(view.container, t(key)), key);
      await act(async () => { b.click(); });
    };

    // Log only: the call fails, the event goes on ('Synced'), no dialog.
    await press('examples.onError.sync');
    await view.waitFor(() => has(t('examples.onError.synced')), 'the event went on');
    expect(sent('fail.sync@example.com')).toBe(1);
    expect(dialog()).toBeNull();
    expect(errors).toHaveBeenCalled();

    // Two clicks before the dialog shows: both failures stack, each with its message, under the region's text.
    await act(async () => {
      buttonIn(view.container, t('examples.onError.save'))!.click();
      buttonIn(view.container, t('examples.onError.download'))!.click();
    });
    await view.waitFor(() => listed().length === 2, 'two stacked errors');
    expect(listed()).toEqual(['flaky, call 1', 'refused by the test API: fail.download@example.com']);
    const surface = dialog()!;
    expect(surface.textContent).toContain(t('runtime.error.title'));
    expect(bundle.messages['runtime.error.body']).toMatch(region === 'au' ? /^An unexpected error has occurred/ : /^Please try again and if the error continues/);
    expect(surface.textContent).toContain(bundle.messages['runtime.error.body'].replace('{settings.supportEmail}', String(bundle.settings.supportEmail)).replace('{settings.phone}', String(bundle.settings.phone)));

    // Try Again: the download (onError: dialog) is cleared without a re-run; the save re-runs and fails again: it stays.
    await act(async () => { buttonIn(document, t('runtime.error.tryAgain'))!.click(); });
    await view.waitFor(() => sent('flaky.save@example.com') === 2 && listed().length === 1 && !buttonIn(document, t('runtime.error.tryAgain'))?.disabled, 'the re-run failed again');
    expect(listed()).toEqual(['flaky, call 2']);
    expect(sent('fail.download@example.com')).toBe(1);
    expect(has(t('examples.onError.saved'))).toBe(false);

    // Try Again once more: it succeeds, the stack is empty and the dialog closes; the event took effect.
    await act(async () => { buttonIn(document, t('runtime.error.tryAgain'))!.click(); });
    await view.waitFor(() => dialog() === null, 'the dialog closed');
    await view.waitFor(() => has(t('examples.onError.saved')), 'saved');
    expect(sent('flaky.save@example.com')).toBe(3);
    errors.mockRestore();
    view.unmount();
  });
}
