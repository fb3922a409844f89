import { Spinner } from '@fluentui/react-components';
import { Suspense, use, useEffect, useMemo, useState } from 'react';
import type { FormBlock } from '../../core/types';
import type FormViewComponent from '../form/FormView';
import { validatorsOf } from '../form/validatorCache';
import { useSuspendsForCode, waitFor } from './lazyComponent';
import { useRuntime } from '../RuntimeContext';

type FormViewType = typeof FormViewComponent;

let viewPromise: Promise<FormViewType> | undefined;
let loadedView: FormViewType | undefined;

/** rjsf and the theme load only on steps that show a form (a separate chunk, fetched once; retried after a failure). */
export function loadFormView(): Promise<FormViewType> {
  viewPromise ??= import('../form/FormView').then(
    (m) => (loadedView = m.default),
    (error: unknown) => {
      viewPromise = undefined;
      throw error;
    },
  );
  return viewPromise;
}

/**
 * A form block. Its code (rjsf, theme) and the validators are fetched in parallel as soon as the
 * block first renders; the shell commits and paints meanwhile (a spinner stands in). The form
 * renders once both are there, so nothing suspends: React holds back a Suspense reveal until
 * 300 ms after its fallback showed, which would delay every form's first paint.
 */
export function FormBlockView({ block }: { block: FormBlock }) {
  const { loadValidators, t } = useRuntime();
  // Started during render (idempotent, like React.lazy), not in an effect: a frame earlier.
  const ready = useMemo(() => Promise.all([loadFormView(), validatorsOf(loadValidators)]), [loadValidators]);
  const [shown, setView] = useState<FormViewType | undefined>(() => loadedView);
  const { preloaded } = useRuntime();
  // A server render and the browser's first render of it wait for the form (the server's markup stays meanwhile);
  // so does a form inside a `clientOnly` block (its skeleton stays meanwhile).
  const suspends = useSuspendsForCode();
  const View = shown ?? loadedView ?? (suspends ? use(waitFor(preloaded, loadFormView())) : undefined);
  if (suspends) use(waitFor(preloaded, validatorsOf(loadValidators)));
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
