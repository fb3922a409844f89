import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { memo, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { themeTemplates } from '../theme';
import type { RuntimeFormContext } from './formContext';
import type { FormStore } from './formStore';
import { precompiledValidator } from './precompiledValidator';

/** Props of {@link SectionForm}. */
export interface SectionFormProps {
  store: FormStore;
  /** Top-level property this section edits; empty for a whole-form section. */
  section: string;
  /** The section fields this form edits when the section is split into several forms; undefined = all. */
  fields?: string[];
  schema: RJSFSchema;
  uiSchema: UiSchema;
  widgets: RegistryWidgetsType;
  idPrefix: string;
}

const NO_SUBMIT: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

function changedKey(prev: Record<string, unknown> | undefined, next: Record<string, unknown>, keys: string[] = Object.keys(next)): string | undefined {
  const changed = keys.filter((k) => next[k] !== prev?.[k]);
  return changed.length === 1 ? changed[0] : undefined;
}

/** `data`'s values of `fields` over `prev` (a field missing from `data` was cleared). */
function mergeFields(prev: Record<string, unknown> | undefined, data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const next = { ...prev };
  for (const f of fields) {
    if (f in data) next[f] = data[f];
    else delete next[f];
  }
  return next;
}

function pick(values: Record<string, unknown> | undefined, fields: string[]): Record<string, unknown> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]]));
}

/**
 * One rjsf form over one section, a run of its fields, or the whole form: memoised, uncontrolled (rjsf keeps its
 * state; edits flow into the store), so a keystroke re-renders this section only.
 */
export const SectionForm = memo(function SectionForm({ store, section, fields, schema, uiSchema, widgets, idPrefix }: SectionFormProps) {
  const prefix = section ? `${section}.` : '';
  const formContext = useMemo<RuntimeFormContext>(() => ({ store, prefix }), [store, prefix]);
  const validator = useMemo(() => precompiledValidator(schema, () => true), [schema]);
  const ui = useMemo(() => ({ ...uiSchema, ...NO_SUBMIT }), [uiSchema]);
  // rjsf keeps the values after the first render (uncontrolled); the store is told every edit. Values the store
  // takes over from the page (what a person typed before the app took the server's form over) are given to rjsf.
  const read = useCallback(() => {
    const values = section ? (store.values[section] as Record<string, unknown> | undefined) : store.values;
    return fields ? pick(values, fields) : values;
  }, [store, section, fields]);
  const [initial, setInitial] = useState(read);
  useLayoutEffect(() => store.subscribeAdopt(() => setInitial(read())), [store, read]);
  const onChange = useCallback(
    (e: IChangeEvent) => {
      const data = (e.formData ?? {}) as Record<string, unknown>;
      if (!section) {
        const key = changedKey(store.values, data);
        store.setValues(data, key);
        return;
      }
      const prev = store.values[section] as Record<string, unknown> | undefined;
      const key = changedKey(prev, data, fields);
      store.setValues({ ...store.values, [section]: fields ? mergeFields(prev, data, fields) : data }, key ? `${section}.${key}` : section);
    },
    [store, section, fields],
  );
  return (
    <Form
      tagName="div"
      schema={schema}
      uiSchema={ui}
      validator={validator}
      formContext={formContext}
      templates={themeTemplates}
      widgets={widgets}
      formData={initial}
      onChange={onChange}
      idPrefix={idPrefix}
      noHtml5Validate
      showErrorList={false}
    />
  );
});
