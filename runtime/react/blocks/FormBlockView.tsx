import { Spinner } from '@fluentui/react-components';
import { Suspense, use, useEffect, useMemo, useState } from 'react';
import type { FormBlock } from '../../core/types';
import type FormViewComponent from '../form/FormView';
import { validatorsOf } from '../form/validatorCache';
import { formNeedsChoiceWidgets } from '../theme/choiceWidgetsNeeded';
import { loadChoiceWidgets } from '../theme/loadChoiceWidgets';
import { loadOnce } from '../loadOnce';
import type { RuntimeBundle, WidgetRegistry } from '../types';
import { useSuspendsForCode, waitFor } from './lazyComponent';
import { useRuntime, type RuntimeServices } from '../RuntimeContext';

type FormViewType = typeof FormViewComponent;

/** rjsf and the theme load only on steps that show a form (a separate chunk, fetched once; retried after a failure). */
export const loadFormView = loadOnce<FormViewType>(() => import('../form/FormView').then((m) => m.default));

/**
 * Whether the form of `block` may draw a choice widget (select, radio, checkbox, textarea), whose Fluent
 * code is a chunk of its own: decided from its schema and uiSchema (theme/choiceWidgetsNeeded.ts).
 */
function needsChoiceWidgets(block: FormBlock, bundle: RuntimeBundle, widgets: WidgetRegistry): boolean {
  return formNeedsChoiceWidgets(bundle.schemas[block.schema], bundle.uiSchemas[block.schema], Object.keys(widgets.fields));
}

/**
 * The code a form block draws with, fetched in parallel: rjsf and the theme (the view), the form's validator, and
 * the choice widgets' chunk if the form may need it.
 */
export function loadFormCode(block: FormBlock, rt: Pick<RuntimeServices, 'bundle' | 'widgets' | 'loadValidators'>): Promise<[FormViewType, ...unknown[]]> {
  return Promise.all([
    loadFormView(),
    validatorsOf(rt.loadValidators, rt.bundle.validators[block.schema]),
    needsChoiceWidgets(block, rt.bundle, rt.widgets) ? loadChoiceWidgets() : undefined,
  ]);
}

/**
 * A form block. Its code (rjsf, theme; the choice widgets' chunk for a form that may draw one) and the
 * validators are fetched in parallel as soon as the block first renders; the shell commits and paints
 * meanwhile (a spinner stands in). The form renders once all are there, so nothing suspends and no field
 * appears after the rest: React holds back a Suspense reveal until 300 ms after its fallback showed,
 * which would delay every form's first paint.
 */
export function FormBlockView({ block }: { block: FormBlock }) {
  const rt = useRuntime();
  const { loadValidators, t, bundle, widgets, preloaded } = rt;
  const choices = useMemo(() => needsChoiceWidgets(block, bundle, widgets), [block, bundle, widgets]);
  // Started during render (idempotent, like React.lazy), not in an effect: a frame earlier.
  const ready = useMemo(() => loadFormCode(block, rt), [block, loadValidators, bundle, widgets]);
  /** The form's view if all its code is there. */
  const loaded = () => (!choices || loadChoiceWidgets.loaded() ? loadFormView.loaded() : undefined);
  const [shown, setView] = useState<FormViewType | undefined>(loaded);
  // A server render and the browser's first render of it wait for the form (the server's markup stays meanwhile);
  // so does a form inside a `clientOnly` block (its skeleton stays meanwhile).
  const suspends = useSuspendsForCode();
  const View = shown ?? loaded() ?? (suspends ? use(waitFor(preloaded, loadFormView())) : undefined);
  if (suspends) use(waitFor(preloaded, validatorsOf(loadValidators, bundle.validators[block.schema])));
  if (suspends && choices) use(waitFor(preloaded, loadChoiceWidgets()));
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    let live = true;
    ready.then(
      ([view]) => live && setView(() => view),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => { live = false; };
  }, [ready]);
  if (failure) throw failure.error;
  // A progressbar needs an accessible name (axe: aria-progressbar-name).
  const spinner = <Spinner size="small" aria-label={t('runtime.loading')} />;
  if (!View) return spinner;
  return (
    <Suspense fallback={spinner}>
      <View block={block} />
    </Suspense>
  );
}
