/**
 * The contract between a server and an app's server-render entry: what the server asks a page for
 * (`ServerRenderRequest`), what it gets back (`ServerRenderResult`), and the hydration data the page
 * carries to the browser as a JSON data block (`<script type="application/json" id="app-hydration">`,
 * never executed, so a strict Content-Security-Policy allows it; like `pageConfig.ts`).
 * @example
 * const page = await entry.render({ path, search, host, origin, page: texts, execute });   // server
 * const data = parseHydration(document.getElementById(HYDRATION_ID)?.textContent);        // browser (app/pageData.ts)
 */
import type { SelectionTexts } from './definitionSet';
import { scriptJson } from './pageConfig';

/** What the server renders a page for. */
export interface ServerRenderRequest {
  /** The request's path and query string (`?a=b` or empty). */
  path: string;
  search: string;
  /** The request's host name (no port) and origin. */
  host: string;
  origin: string;
  /** The selection's texts and settings (the page's configuration). */
  page: SelectionTexts;
  /** The request carries no {@link STORAGE_COOKIE}: the visitor's browser holds no `local` state, so every `local` value is its default. */
  storageEmpty: boolean;
  /** Runs one GraphQL operation as the anonymous visitor of this host: answers `data[field]`, throws on an error. */
  execute(document: string, field: string, variables: Record<string, unknown>): Promise<unknown>;
  /** The token the page's posting forms carry ({@link FORM_TOKEN_FIELD}), which the server checks when one is posted. */
  formToken?: string;
  /** The server's answer to a form posted to this page (rendered with it, never kept). */
  posted?: PostedAnswer;
  /**
   * A signed-in visitor's request to a route the app renders for them (`renders(page, path, true)`): runs one
   * GraphQL operation as that visitor (their session cookie, so the API's authorisation holds) and answers the
   * whole answer, errors included; `execute` runs as them too. The page is theirs alone: never kept nor shared.
   */
  asVisitor?: (document: string, variables: Record<string, unknown>) => Promise<GraphQLResult>;
}

/** A GraphQL answer as the endpoint gives it. */
export interface GraphQLResult {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The signed-in session a page was rendered for: the user, their application and the session's idle clock. */
export interface RenderedSession {
  user: Record<string, unknown>;
  record: Record<string, unknown>;
  idle: { idleSeconds: number; warningSeconds: number; remainingSeconds: number } | null;
}

/**
 * A form posted before the app (JavaScript off, or not there yet), as the server ran it: the step's page state its
 * submit event left, and the values the page's forms show again (by form id; never a password).
 */
export interface PostedAnswer {
  state: Record<string, unknown>;
  forms: Record<string, Record<string, unknown>>;
}

/** A form posted to a server-rendered page: the page's request, the form's id and its fields as the browser sent them. */
export interface ServerSubmitRequest extends Omit<ServerRenderRequest, 'posted' | 'storageEmpty'> {
  form: string;
  fields: [string, string][];
}

/** What a posted form led to: another address (a redirect), or this page again with the answer. */
export type ServerSubmitResult = { redirect: string } | { posted: PostedAnswer };

/** The posted field naming the form (its block id), and the one carrying the page's form token. */
export const FORM_ID_FIELD = '_form';
export const FORM_TOKEN_FIELD = '_token';

/** A rendered page: markup for `<head>` (styles, title) and for the app's root element, and the hydration data. */
export interface ServerRenderResult {
  head: string;
  html: string;
  title?: string;
  hydration: HydrationData;
}

/** What the server knew of the visitor's browser when it rendered. */
export interface ServerEnvironment {
  /** The page's host name and origin. */
  host: string;
  origin: string;
  /**
   * The browser holds no `local` state (the request had no {@link STORAGE_COOKIE}): a `clientOnly` block, whose
   * content reads that state, renders on the server with the defaults instead of its skeleton.
   */
  storageEmpty?: boolean;
  /** The token the page's posting forms carry (`settings.serverRender.posts`: forms the server answers before the app). */
  formToken?: string;
}

/**
 * The cookie the browser runtime keeps while its local storage holds `local` state: the keys that hold a value
 * (comma-separated, each URI-encoded). Only its presence is read, and only to choose what a first screen shows.
 */
export const STORAGE_COOKIE = 'fleetform-stored';

/** What the browser's first render needs to match the server's. */
export interface HydrationData {
  path: string;
  search: string;
  environment: ServerEnvironment;
  /** Load answers the server rendered with, by the runtime's load key (binding and variables). */
  answers: Record<string, unknown>;
  /** The server's answer to a form posted to the page, which it rendered with. */
  posted?: PostedAnswer;
  /** The signed-in session the page was rendered for (the browser starts with it instead of asking again). */
  session?: RenderedSession;
}

/** The module the server loads (the app's built server entry). */
export interface ServerRenderEntry {
  /**
   * Whether the app renders `path` on the server for this selection: for an anonymous visitor, or with
   * `signedIn` for a signed-in one (`settings.serverRender.paths` and `.signedIn`).
   */
  renders(page: SelectionTexts, path: string, signedIn?: boolean): boolean;
  /** The page, or null when the app does not render this route on the server. */
  render(request: ServerRenderRequest): Promise<ServerRenderResult | null>;
  /**
   * The style sheet every page of this selection carries in its head, rendered or not: the theme's custom
   * properties on `:root`, so the browser's code holds no theme (it was 14 kB gzip of every first visit).
   */
  pageStyle(page: SelectionTexts): string;
  /** Runs a form posted to a server-rendered page (its step's submit event, as the app would), or null when the page has no such posting form. */
  submit?(request: ServerSubmitRequest): Promise<ServerSubmitResult | null>;
}

/** The id of the element carrying the hydration data. */
export const HYDRATION_ID = 'app-hydration';

/** The hydration data block. */
export const hydrationScript = (data: HydrationData): string => `<script type="application/json" id="${HYDRATION_ID}">${scriptJson(data)}</script>`;
