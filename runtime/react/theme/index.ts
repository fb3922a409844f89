/**
 * The runtime's own rjsf theme on Fluent UI v9. Decision: we do not use `@rjsf/fluentui-rc`
 * (its peer `@fluentui/react-migration-v0-v9` drags in react-northstar, which only allows React
 * 16/17, and its stock templates re-render more than we need); these templates read per-field
 * state from the form store so a keystroke re-renders one field. See runtime/react/README.md.
 */
import type { TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

const Nothing = () => null;

/** Template overrides passed to rjsf's `Form`. */
export const themeTemplates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> = {
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
};

export { themeWidgets } from './widgets';
