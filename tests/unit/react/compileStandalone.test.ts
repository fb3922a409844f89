import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../runtime/core';
import type { CompiledValidator } from '../../../runtime/react';
import { compileStandalone, validatorName } from '../../../runtime/node/compileStandalone';
import { exampleBundle } from './renderFlow';

describe('build-time validators (ajv standalone)', () => {
  const { bundle } = exampleBundle({ region: 'au' });
  const schema = bundle.schemas.reassign;
  const name = validatorName(schema);
  const { code, types } = compileStandalone(new Map([[name, schema]]));

  it('emits CommonJS without eval and a .d.cts naming each export', () => {
    expect(code).toMatch(new RegExp(`exports\\.${name} = `));
    expect(code).not.toMatch(/new Function|eval\(/);
    expect(types).toContain(`export declare const ${name}: CompiledValidator;`);
  });

  it('validates with one catalogue message per field (AU phone exactly 10)', () => {
    // Inside the repo (git-ignored) so the module's `require('ajv/...')` resolves.
    const dir = resolve(import.meta.dirname, '../../../test-results/unit-validators');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'v.cjs'), code);
    const validate = (createRequire(import.meta.url)(join(dir, 'v.cjs')) as Record<string, CompiledValidator>)[name];
    const errors = validateForm(validate, { firstName: 'A', email: 'x@example.com', phone: '123' }, {
      schema, messages: bundle.messages, formats: bundle.formats, form: 'reassign',
    });
    expect(errors).toEqual({
      firstName: bundle.messages['validation.minLength'].replace('{n}', '2'),
      lastName: bundle.messages['validation.required'],
      phone: bundle.messages['validation.exactLength'].replace('{n}', '10'),
    });
  });
});
