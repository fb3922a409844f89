import { Input } from '@fluentui/react-components';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useCallback, type ChangeEvent, type FocusEvent } from 'react';
import { useFieldState } from '../form/formContext';

const INPUT_TYPES = new Set(['text', 'email', 'tel', 'number', 'password', 'url', 'search', 'date']);
type InputType = 'text' | 'email' | 'tel' | 'number' | 'password' | 'url' | 'search' | 'date';

/**
 * A Fluent `Input` for text-like widgets; empty input becomes the empty value so `required` applies.
 * `ui:prefix` (a catalogue key, e.g. a currency sign) shows inside the field before what is typed.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, type, placeholder, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, uiSchema } = props;
  const view = useFieldState();
  const emptyValue = options.emptyValue;
  const handleChange = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? emptyValue : e.target.value),
    [onChange, emptyValue],
  );
  const handleBlur = useCallback((e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value), [onBlur, id]);
  const handleFocus = useCallback((e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value), [onFocus, id]);
  const autoComplete = uiSchema?.['ui:autocomplete'];
  const prefix = uiSchema?.['ui:prefix'];
  return (
    <Input
      id={id}
      name={props.htmlName ?? id}
      type={(INPUT_TYPES.has(type ?? '') ? type : 'text') as InputType}
      value={value == null ? '' : String(value)}
      placeholder={placeholder}
      disabled={disabled || readonly || view.disabled}
      autoFocus={autofocus}
      autoComplete={typeof autoComplete === 'string' ? autoComplete : undefined}
      contentBefore={typeof prefix === 'string' && prefix ? <span aria-hidden="true">{prefix}</span> : undefined}
      onChange={handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}
