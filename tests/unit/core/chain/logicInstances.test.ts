/**
 * Two definition sets (tenants) with a function of the same name: each chain evaluates with the
 * logic instance it was started with, side by side, and never with the other's.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createLogic, defineFunction, startChain, stepChain, type ChainSnapshot, type FlowDef } from '../../../../runtime/core';

const fee = (value: string) => defineFunction({ name: 'fee', signature: '(base: number) => text', description: 'the tenant fee', fn: (base: unknown) => `${value}${String(base)}` });
const tenantA = createLogic({ functions: [fee('A')] });
const tenantB = createLogic({ functions: [fee('B')] });

const FLOW = parse(`
id: tenants
initial: form
state:
  fee: { source: memory }
steps:
  form:
    on:
      price:
        guard: { '==': [{ substr: [{ fee: [1] }, 0, 1] }, { var: event.tenant }] }
        effects: [{ set: state.fee, value: { fee: [{ var: event.base }] } }]
`) as FlowDef;

const price = (snapshot: ChainSnapshot, payload: Record<string, unknown>) => stepChain(snapshot, { type: 'raise', event: 'price', payload });
const feeOf = (snapshot: ChainSnapshot) => (snapshot.status === 'idle' ? (snapshot.context.state as Record<string, unknown> | undefined)?.fee : undefined);

describe('chains of two definition sets', () => {
  it('evaluate guards and effects with their own instance, interleaved', () => {
    const a = startChain(FLOW, 'form', {}, tenantA);
    const b = startChain(FLOW, 'form', {}, tenantB);
    const a1 = price(a, { tenant: 'A', base: 10 });
    const b1 = price(b, { tenant: 'B', base: 20 });
    const a2 = price(a1.snapshot, { tenant: 'A', base: 30 });
    expect([feeOf(a1.snapshot), feeOf(b1.snapshot), feeOf(a2.snapshot)]).toEqual(['A10', 'B20', 'A30']);
    // The guard reads the instance's own `fee`: tenant B's chain refuses what tenant A's takes.
    const refused = price(b, { tenant: 'A', base: 40 });
    expect(feeOf(refused.snapshot)).toBeUndefined();
    expect(refused.effects).toEqual([{ kind: 'log', error: JSON.stringify([{ kind: 'guardFailed', step: 'form', event: 'price' }]) }]);
  });
});
