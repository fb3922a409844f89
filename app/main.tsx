/**
 * The portal's browser entry: reads the host's brand from the page (its selection, texts and settings,
 * written by the server; the default brand for a host no brand names) and stops with the start-up
 * failure text when it cannot (spec 000 s7); else loads that region's built bundle
 * (scripts/compileValidators.ts), checks every widget name against the registry, and renders the
 * flows with the runtime, with the session idle warning for a signed-in user.
 */
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createLogic } from '../runtime/core/logic';
import type { SelectionTexts } from '../runtime/core/types';
import { checkWidgetReferences, createWidgetRegistry, FlowRunner, type ValidatorModule } from '../runtime/react';
import { bundles } from '../.generated/definitions';
import { extensionEffects, extensionWidgets } from '../extensions';
import { extensionFunctions } from '../extensions/functions';
import { readBrand, showConfigRequired, withBrand } from './brand';
import { IdleSession } from './idle/IdleSession';
import { endSession, isPublicPath, keepSessionAlive, loadSession, signInGate } from './session';
import { brandTheme } from './theme';

/** Validators load with the first form (their own chunk); CJS interop may wrap them in `default`. */
const loadValidators = (): Promise<ValidatorModule> =>
  import('../.generated/validators.cjs').then((m) => ((m as { default?: ValidatorModule }).default ?? m) as ValidatorModule);

const brand = readBrand();
if (brand) await start(brand);
else showConfigRequired();

/** Starts the app for the page's brand. */
async function start(brand: SelectionTexts): Promise<void> {
  // Its region's bundle, beside the server session (httpOnly cookie: who is signed in, their application).
  const load = bundles[brand.selection.region];
  if (!load) throw new Error(`no bundle is built for region '${brand.selection.region}': run npm run build`);
  const [bundle, session] = await Promise.all([load().then((built) => withBrand(built, brand)), loadSession()]);
  const signIn = signInGate(bundle.settings.signIn);
  // Spec 002 s4: a failure loading the user or the application goes to the error page.
  if (session.status === 'error' && signIn && !isPublicPath(signIn, location.pathname)) history.replaceState(null, '', signIn.errorPath);
  const widgets = createWidgetRegistry(extensionWidgets);
  const problems = checkWidgetReferences(bundle, widgets);
  if (problems.length) throw problems[0];
  const record = session.status === 'signedIn' ? session.record : {};
  document.documentElement.lang = typeof bundle.settings.locale === 'string' ? bundle.settings.locale : 'en';

  // The first render is synchronous: the shell paints at once; form chunks stream in behind Suspense.
  const root = createRoot(document.getElementById('root') as HTMLElement);
  flushSync(() => root.render(
    <StrictMode>
      <FlowRunner
        bundle={bundle}
        widgets={widgets}
        effects={extensionEffects}
        loadValidators={loadValidators}
        user={session.status === 'signedIn' ? session.user : null}
        record={record}
        theme={brandTheme(bundle.settings)}
        home="account"
        signIn={signIn}
        // The definitions evaluate with the runtime's operations and functions plus the product's (extensions/functions).
        logic={createLogic({ functions: extensionFunctions })}
      >
        {session.status === 'signedIn' && session.idle ? <IdleSession clock={session.idle} keepAlive={keepSessionAlive} endSession={endSession} /> : null}
      </FlowRunner>
    </StrictMode>,
  ));
}
