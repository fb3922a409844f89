import type { BaseInputTemplateProps, Widget, WidgetProps } from '@rjsf/utils';
import { createElement, use } from 'react';
import type { BuiltInFieldWidget, RJSF_FIELD_WIDGETS } from '../../core/lint/knownNames';
import { BaseInputTemplate } from './BaseInputTemplate';
import { loadChoiceWidgets, type ChoiceWidgets } from './loadChoiceWidgets';

function typed(type: string) {
  /** A text-like input of a fixed HTML type. */
  function TypedInput(props: WidgetProps) {
    return <BaseInputTemplate {...(props as BaseInputTemplateProps)} type={type} />;
  }
  TypedInput.displayName = `Input(${type})`;
  return TypedInput;
}

/**
 * A choice widget: drawn by its chunk (theme/choiceWidgets.tsx), which a form that may need it has fetched
 * with its own code (blocks/FormBlockView.tsx), so it is there at the first render. Should a form draw one
 * unforeseen, it suspends until the chunk arrives (the form block's spinner stands in).
 */
function choiceWidget(name: keyof ChoiceWidgets): Widget {
  function ChoiceWidget(props: WidgetProps) {
    const widgets = loadChoiceWidgets.loaded() ?? use(loadChoiceWidgets());
    return createElement(widgets[name], props);
  }
  ChoiceWidget.displayName = name;
  return ChoiceWidget;
}

const SelectWidget = choiceWidget('SelectWidget');
const RadioWidget = choiceWidget('RadioWidget');
const CheckboxWidget = choiceWidget('CheckboxWidget');
const TextareaWidget = choiceWidget('TextareaWidget');

/**
 * The theme's field widgets, one per name of core's BUILT_IN_FIELD_WIDGETS (rjsf draws the rest);
 * extensions add theirs through the widget registry. The choice widgets' Fluent code is in its own chunk.
 */
export const themeWidgets: Record<Exclude<BuiltInFieldWidget, (typeof RJSF_FIELD_WIDGETS)[number]>, Widget> = {
  TextWidget: typed('text'),
  text: typed('text'),
  email: typed('email'),
  EmailWidget: typed('email'),
  tel: typed('tel'),
  password: typed('password'),
  PasswordWidget: typed('password'),
  number: typed('number'),
  UpDownWidget: typed('number'),
  date: typed('date'),
  DateWidget: typed('date'),
  select: SelectWidget,
  SelectWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  radio: RadioWidget,
  RadioWidget,
  textarea: TextareaWidget,
  TextareaWidget,
};
