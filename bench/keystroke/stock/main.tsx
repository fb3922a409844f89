/**
 * The stock bench page: `@rjsf/core` with the `@rjsf/fluentui-rc` theme and `@rjsf/validator-ajv8`
 * as their docs show them, one Form over the whole generated schema (`?fields=300|1000`), live
 * validation on change. Conditions are the schema's `if`/`then`. The first `validateFormData`
 * call is timed into `window.__bench.firstValidation`.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form from '@rjsf/fluentui-rc';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import { forms } from 'bench-gen:stock';

const validateFormData = validator.validateFormData.bind(validator);
validator.validateFormData = (...args) => {
  const started = performance.now();
  const result = validateFormData(...args);
  if (window.__bench && window.__bench.firstValidation < 0) window.__bench.firstValidation = performance.now() - started;
  return result;
};

const size = new URLSearchParams(location.search).get('fields') ?? '300';
const { schema, uiSchema } = (await forms[size]()) as { schema: RJSFSchema; uiSchema: UiSchema };
performance.mark('bench:render'); // the first render starts: JS requested before it is the initial JS
createRoot(document.getElementById('root') as HTMLElement).render(
  <FluentProvider theme={webLightTheme}>
    <Form schema={schema} uiSchema={uiSchema} validator={validator} idPrefix="bench" liveValidate="onChange" noHtml5Validate />
  </FluentProvider>,
);
