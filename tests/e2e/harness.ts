import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One e-mail of the server's outbox, as `/dev/mailbox.json` lists it. */
export interface MailboxMessage {
  to_address: string;
  subject: string;
  body_text: string;
  template: string;
  created_at: string;
}

/** What `login` answers (the server's `LoginResult`). */
export interface LoginAnswer {
  success: boolean;
  error: string | null;
  user: { id: string; email: string; firstName: string | null; lastName: string | null; region: string } | null;
  redirectTo: string | null;
}

/** What every e2e test receives. */
export interface E2EContext {
  browser: Browser;
  /** A fresh context's page, watched for CSP violations and page errors. */
  page: Page;
  context: BrowserContext;
  /** Absolute URL on the test server for a host (e.g. `au.localhost`) and a path. */
  url(host: string, path: string): string;
  /** Saves a screenshot under test-results/ and returns its path. */
  screenshot(name: string): Promise<string>;
  /** Opens a new watched page in a new context with the given viewport. */
  newPage(viewport: { width: number; height: number }): Promise<Page>;
  /**
   * Signs a demo user in through the real `login` mutation from the page's browser context (the
   * httpOnly session cookie lands in that context). Host defaults to the demo e-mail's brand host
   * (`.nz@` -> nz.localhost, `.introducer@` -> introducer.localhost, else au.localhost); the
   * password defaults to the demo password. Throws when sign-in fails.
   */
  login(page: Page, email: string, options?: { host?: string; password?: string }): Promise<LoginAnswer>;
  /** POSTs a GraphQL operation to the real server as the page's browser context (its cookies). */
  graphql<T = Record<string, unknown>>(page: Page, host: string, query: string, variables?: Record<string, unknown>): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  /** The dev mailbox of the real server (newest first), optionally only e-mails to one address. */
  mailbox(to?: string): Promise<MailboxMessage[]>;
}

/** A registered e2e test. */
export interface E2ETest {
  name: string;
  fn: (t: E2EContext) => Promise<void>;
}

/** Tests registered by the spec files, in order. */
export const registry: E2ETest[] = [];

/** Registers an e2e test; `tests/e2e/run.ts` runs it in headless Chromium. */
export function test(name: string, fn: E2ETest['fn']): void {
  registry.push({ name, fn });
}

/** Throws with both values when they differ. */
export function expectEqual<T>(actual: T, expected: T, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
