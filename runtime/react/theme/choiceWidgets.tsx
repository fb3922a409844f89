/**
 * The theme's choice widgets: Fluent's Select, RadioGroup / Radio, Checkbox and Textarea, in their own chunk
 * (loaded by theme/loadChoiceWidgets.ts, only for a form that may draw one: theme/choiceWidgetsNeeded.ts).
 */
import { Checkbox, Radio, RadioGroup, Select, Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { useFieldState } from '../form/formContext';

/** Fluent `Select` over `enum` / `oneOf` options (labels come from the uiSchema, already localised). */
function SelectWidget(props: WidgetProps) {
  const view = useFieldState();
  const options = props.options.enumOptions ?? [];
  const onChange = (e: ChangeEvent<HTMLSelectElement>) =>
    props.onChange(e.target.value === '' ? props.options.emptyValue : options[Number(e.target.value)]?.value);
  const index = options.findIndex((o) => o.value === props.value);
  return (
    <Select id={props.id} value={index < 0 ? '' : String(index)} disabled={props.disabled || view.disabled}
      onChange={onChange} onBlur={() => props.onBlur(props.id, props.value)}>
      <option value="">{props.placeholder ?? ''}</option>
      {options.map((o, i) => <option key={i} value={String(i)}>{o.label}</option>)}
    </Select>
  );
}

/** Fluent `RadioGroup` over `enum` options (labels from the uiSchema, already localised). */
function RadioWidget(props: WidgetProps) {
  const view = useFieldState();
  const options = props.options.enumOptions ?? [];
  const index = options.findIndex((o) => o.value === props.value);
  return (
    <RadioGroup id={props.id} layout="horizontal" value={index < 0 ? '' : String(index)} disabled={props.disabled || view.disabled}
      onChange={(_, data) => props.onChange(options[Number(data.value)]?.value)} onBlur={() => props.onBlur(props.id, props.value)}>
      {options.map((o, i) => <Radio key={i} value={String(i)} label={o.label} />)}
    </RadioGroup>
  );
}

/** Fluent `Checkbox` for booleans. */
function CheckboxWidget(props: WidgetProps) {
  const view = useFieldState();
  return (
    <Checkbox id={props.id} checked={props.value === true} disabled={props.disabled || view.disabled}
      label={props.label} onChange={(_, data) => props.onChange(data.checked === true)} />
  );
}

/** Fluent `Textarea`. */
function TextareaWidget(props: WidgetProps) {
  const view = useFieldState();
  return (
    <Textarea id={props.id} value={props.value == null ? '' : String(props.value)} disabled={props.disabled || view.disabled}
      onChange={(e) => props.onChange(e.target.value === '' ? props.options.emptyValue : e.target.value)}
      onBlur={(e) => props.onBlur(props.id, e.target.value)} />
  );
}

/** The choice widgets, by the name the theme's widget map gives each (theme/widgets.tsx). */
export const choiceWidgets = { SelectWidget, RadioWidget, CheckboxWidget, TextareaWidget };
