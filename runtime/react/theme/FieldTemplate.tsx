import { Field } from '@fluentui/react-components';
import type { FieldTemplateProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { FieldViewContext, fieldPath, useFieldView, type RuntimeFormContext } from '../form/formContext';

/**
 * Wraps each field in a Fluent `Field`: label, required mark, its hint (`ui:description`, else `ui:help`), one
 * error message (Fluent sets aria-invalid and aria-describedby on the control). Blur inside marks the field touched.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, hidden, required, displayLabel, fieldPathId, registry, schema, rawDescription, rawHelp } = props;
  const ctx = registry.formContext as RuntimeFormContext;
  const path = fieldPath(ctx.prefix, fieldPathId.path);
  const view = useFieldView(ctx.store, path);
  const onBlur = useCallback(() => ctx.store.blur(path), [ctx.store, path]);
  if (hidden || view.hidden) return null;
  if (schema.type === 'object' || schema.type === 'array') return children;
  return (
    <FieldViewContext.Provider value={view}>
      <Field
        label={displayLabel && label ? { children: label, htmlFor: id } : undefined}
        required={required}
        hint={rawDescription || rawHelp || undefined}
        validationState={view.error ? 'error' : 'none'}
        validationMessage={view.error}
        onBlur={onBlur}
      >
        {children}
      </Field>
    </FieldViewContext.Provider>
  );
}
