import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useFieldState } from '../../runtime/react';

/** A text field that stores what is typed in upper case (e.g. vehicle makes, which load upper-cased). */
export function UpperCaseText(props: WidgetProps) {
  const view = useFieldState();
  return (
    <Input
      id={props.id}
      data-widget="upperCaseText"
      value={props.value == null ? '' : String(props.value)}
      disabled={props.disabled || view.disabled}
      onChange={(_, data) => props.onChange(data.value === '' ? undefined : data.value.toUpperCase())}
      onBlur={(e) => props.onBlur(props.id, e.target.value)}
    />
  );
}
