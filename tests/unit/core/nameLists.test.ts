/**
 * Name lists kept in more than one place say the same: every added logic operation has an arity (lint's check),
 * a line in its doc comment and a mention in runtime/core/README.md; every json-logic-js operation has an arity.
 * (Error codes: server/graphql/apiErrors.ts derives them from typed lists, and a test checks each has its text.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_LOGIC_OPS, coreLogicOps } from '../../../runtime/core/logic/ops';
import { LOGIC_ARITY } from '../../../runtime/core/logic/ops';

const root = join(__dirname, '../../..');
const ops = Object.keys(coreLogicOps);

describe('the logic operations, listed once each place', () => {
  it('every operation, built in or added, has an arity, and no arity names an unknown operation', () => {
    expect([...BUILTIN_LOGIC_OPS, ...ops].filter((op) => !(op in LOGIC_ARITY))).toEqual([]);
    expect(Object.keys(LOGIC_ARITY).filter((op) => !BUILTIN_LOGIC_OPS.includes(op) && !ops.includes(op))).toEqual([]);
  });

  it("every added operation is in coreLogicOps' doc comment and in runtime/core/README.md", () => {
    const source = readFileSync(join(root, 'runtime/core/logic/ops.ts'), 'utf8');
    const comment = source.slice(0, source.indexOf('export const coreLogicOps'));
    const readme = readFileSync(join(root, 'runtime/core/README.md'), 'utf8');
    expect(ops.filter((op) => !comment.includes(`\`${op}\``) && !comment.includes(`"${op}"`))).toEqual([]);
    expect(ops.filter((op) => !readme.includes(`\`${op}\``))).toEqual([]);
  });
});
