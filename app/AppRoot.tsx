/**
 * The app's React tree, the same in the browser (app/start.tsx) and in the server render (app/server.tsx),
 * so a hydrating render matches the server's markup: Griffel's renderer (the styles are the build's style
 * sheet, scripts/griffelCss.ts; the renderer inserts only rules a build could not extract, and the browser's
 * picks up what the server's wrote), Fluent's SSR ids, and the flows. The theme is not here: the server writes
 * it into every page as a style sheet (app/theme.ts `themeStyle`).
 */
import { createDOMRenderer, RendererProvider, SSRProvider, type GriffelRenderer } from '@fluentui/react-components';
import { StrictMode, type ReactNode } from 'react';
import { createLogic } from '../runtime/core/logic';
import type { RuntimeBundle } from '../runtime/core/bundle';
import { createWidgetRegistry, FlowRunner, type FlowRunnerProps, type ValidatorModule } from '../runtime/react';
import { extensionEffects, extensionWidgets } from '../extensions';
import { extensionFunctions } from '../extensions/functions';
import { validatorFiles } from '../.generated/validatorFiles';
import type { AppSignIn } from './session';

/** A form's validator loads with it (a chunk of its own, .generated/validatorFiles.ts); CJS interop may wrap it in `default`. */
export const loadValidators = (names: string[]): Promise<ValidatorModule> =>
  Promise.all(names.map((name) => {
    const load = validatorFiles[name];
    if (!load) throw new Error(`no compiled validator '${name}': run npm run build`);
    return load().then((m) => ((m as { default?: ValidatorModule }).default ?? m) as ValidatorModule);
  })).then((modules) => Object.assign({}, ...modules) as ValidatorModule);

/** The product's widgets (checked against each flow's definitions as they arrive). */
export const widgets = createWidgetRegistry(extensionWidgets);

/** The definitions evaluate with the runtime's operations and functions plus the product's (extensions/functions). */
export const logic = createLogic({ functions: extensionFunctions });

/** What differs between the browser's and the server's tree. */
export interface AppRootProps extends Pick<FlowRunnerProps, 'user' | 'record' | 'loadRecord' | 'memoryPath' | 'parts' | 'hydrating' | 'environment' | 'preloaded' | 'onTitle'> {
  bundle: RuntimeBundle;
  renderer: GriffelRenderer;
  signIn?: AppSignIn;
  children?: ReactNode;
}

/** The whole app for a bundle. */
export function AppRoot({ bundle, renderer, children, ...props }: AppRootProps) {
  return (
    <StrictMode>
      <RendererProvider renderer={renderer} targetDocument={typeof document === 'undefined' ? undefined : document}>
        <SSRProvider>
          <FlowRunner
            {...props}
            bundle={bundle}
            widgets={widgets}
            effects={extensionEffects}
            loadValidators={loadValidators}
            home="account"
            logic={logic}
          >
            {children}
          </FlowRunner>
        </SSRProvider>
      </RendererProvider>
    </StrictMode>
  );
}

/** The browser's renderer (reads the server's style elements back). */
export const browserRenderer = (): GriffelRenderer => createDOMRenderer(document);
