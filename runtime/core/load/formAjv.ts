import Ajv, { type Options } from 'ajv';
import { FORM_KEYWORDS } from '../messages/prepareSchema';

/**
 * An ajv instance set up for form schemas (server validation, build-time standalone compilation):
 * all errors (one message per field is picked from them), the runtime's extension keywords known.
 * Compile `prepareSchema(schema, formats)` with it so no format code is needed.
 * @example const validate = createFormAjv().compile(prepareSchema(layers.schemas.x, layers.formats));
 */
export function createFormAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, ownProperties: true, ...options });
  for (const keyword of FORM_KEYWORDS) ajv.addKeyword({ keyword });
  return ajv;
}
