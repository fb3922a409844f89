import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { RJSFSchema } from '@rjsf/utils';
import { use, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { getPath } from '../../core/source/pointer';
import { FORM_ID_FIELD, FORM_TOKEN_FIELD } from '../../core/serverRender';
import type { FormBlock, LogicContext } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { themeWidgets } from '../theme';
import { useSubmitEnabled } from './formContext';
import { createFormLogic } from './formLogic';
import { FormStore } from './formStore';
import { LazySection } from './LazySection';
import { readPageValues } from './pageValues';
import { localiseUiSchema } from './localiseUiSchema';
import { sectionsOf } from './sections';
import { SectionForm } from './SectionForm';
import { validatorsOf } from './validatorCache';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, maxWidth: '40rem', width: '100%' },
  actions: { display: 'flex', justifyContent: 'flex-start' },
  // A section drawn as several forms keeps the spacing of one (ObjectFieldTemplate's gap).
  section: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
});

function SubmitButton({ store, label, busy, posts }: { store: FormStore; label: string; busy: boolean; posts: boolean }) {
  const enabled = useSubmitEnabled(store);
  // Server-rendered markup is not the app yet: a form the server answers posts to it meanwhile; any other waits for the app.
  const { hydrating } = useRuntime();
  return <Button type="submit" appearance="primary" disabled={busy || (hydrating ? !posts : !enabled)}>{label}</Button>;
}

/**
 * Whether the form is posted to the server before the app has the page (a form `settings.serverRender.posts` lists,
 * on a page the server rendered with a form token): a real HTML form, which works with JavaScript off too.
 */
function postsToServer(block: FormBlock, settings: Record<string, unknown>, token: string | undefined): token is string {
  const posts = (settings.serverRender as { posts?: unknown } | undefined)?.posts;
  return token !== undefined && block.id !== undefined && Array.isArray(posts) && posts.includes(block.id);
}

/** The top-level names of a step context whose values are other objects now. */
function changedKeys(before: LogicContext, after: LogicContext): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key]);
}

/**
 * A form block: rjsf with the runtime's Fluent theme, validated by the build-time validator and
 * core's message catalogue (errors show after a field's first blur and on submit), fields shown /
 * enabled by JSON-logic, submit enabled by `submitEnabledWhen`; submit raises the block's event.
 */
export default function FormView({ block }: { block: FormBlock }) {
  const styles = useStyles();
  const rt = useRuntime();
  const step = useStep();
  const validators = use(validatorsOf(rt.loadValidators, rt.bundle.validators[block.schema]));
  const schema = rt.bundle.schemas[block.schema];
  const validate = validators[rt.bundle.validators[block.schema]];
  if (!schema || !validate) throw new Error(`no schema or compiled validator for '${block.schema}'; run \`npm run build\``);
  const contextRef = useRef(step.context);
  contextRef.current = step.context;
  const store = useMemo(() => {
    const logic = createFormLogic({
      block, schema, uiSchema: rt.bundle.uiSchemas[block.schema] ?? {}, validate,
      messages: rt.bundle.messages, formats: rt.bundle.formats, context: () => contextRef.current, logic: rt.logic, onMissing: rt.onMissing,
    });
    const bound = block.bind ? (getPath(contextRef.current.record, block.bind) as Record<string, unknown>) : undefined;
    const initial = block.initial ? (rt.logic.evaluateTemplate(block.initial, contextRef.current) as Record<string, unknown>) : undefined;
    // Posted to the server before the app: the values the server's answer shows again.
    const posted = rt.hydrating && block.id ? rt.preloaded?.posted?.forms[block.id] : undefined;
    return new FormStore(logic, { ...(bound ?? {}), ...(initial ?? {}), ...(posted ?? {}) });
  }, [block, schema, validate, rt.bundle, rt.logic, rt.onMissing]);
  // A context the store was not made with (page state another block or the step's enter wrote, the record, the
  // address): what reads it is evaluated again before the browser paints.
  const seen = useRef({ store, context: step.context });
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { store, context: step.context };
    if (before.store === store) store.contextChanged(changedKeys(before.context, step.context));
  }, [store, step.context]);
  const ui = useMemo(() => localiseUiSchema(rt.bundle.uiSchemas[block.schema], rt.t), [rt.bundle, block.schema, rt.t]);
  const sections = useMemo(() => sectionsOf(schema, ui), [schema, ui]);
  const widgets = useMemo(() => ({ ...themeWidgets, ...rt.widgets.fields }), [rt.widgets]);
  const [mountAll, setMountAll] = useState(false);
  // `values`: every change (and the first values) copied to page state, for blocks outside the form.
  const writeRef = useRef(step.write);
  writeRef.current = step.write;
  const copied = useRef<unknown>(undefined);
  useEffect(() => {
    if (!block.values) return;
    const path = block.values;
    const copy = () => {
      if (store.values === copied.current) return;
      copied.current = store.values;
      void writeRef.current(path, store.output);
    };
    copy();
    return store.subscribe(copy);
  }, [store, block.values]);
  const formRef = useRef<HTMLFormElement>(null);
  // A form the server rendered: what a person typed, ticked or had filled in before the app took it over is the
  // form's state from now on (its controls keep focus and caret: hydration keeps the elements).
  const fromServer = useRef(rt.hydrating);
  const idBase = block.id ?? block.schema.replace(/\W/g, '_');
  useLayoutEffect(() => {
    if (!fromServer.current || !formRef.current) return;
    fromServer.current = false;
    store.adopt(readPageValues(formRef.current, schema as RJSFSchema, ui, idBase));
  }, [store, schema, ui, idBase]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = store.submit();
    if (Object.keys(errors).length > 0) {
      setMountAll(true);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (block.submit) void step.raise(block.submit, { form: store.output });
  };

  const token = rt.environment?.formToken;
  const posts = postsToServer(block, rt.bundle.settings, token);
  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-label={ui['ui:title'] as string | undefined} method={posts ? 'post' : undefined}>
      {posts ? (
        <>
          <input type="hidden" name={FORM_ID_FIELD} value={block.id} />
          <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
        </>
      ) : null}
      {sections.map((s, i) => {
        const parts = s.parts.map((p, j) => (
          <LazySection key={p.id} eager={(i === 0 && j === 0) || mountAll} estimatedHeight={p.size * 72}>
            <SectionForm store={store} section={p.section} fields={p.fields} schema={p.schema} uiSchema={p.ui} widgets={widgets}
              idPrefix={p.section ? `${idBase}_${p.section}` : idBase} />
          </LazySection>
        ));
        return parts.length === 1 ? parts[0] : <div key={s.key} className={styles.section}>{parts}</div>;
      })}
      {block.submit ? (
        <div className={styles.actions}>
          <SubmitButton store={store} label={rt.t(block.submitLabel ?? 'runtime.submit', step.context)} busy={step.busy} posts={posts} />
        </div>
      ) : null}
    </form>
  );
}
