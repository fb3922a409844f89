/**
 * Two definition sets (tenants) whose functions share a name: the server's enforcement of each
 * evaluates with its own set's logic instance, side by side, without interfering.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineFunction } from '../../../runtime/core';
import { readDefinitions } from '../../../runtime/node';
import { definitionsFromFiles } from '../../../server/definitions';
import { rolesIn, type AppSnapshot, type Caller } from '../../../server/enforce';

const files = readDefinitions(join(import.meta.dirname, '../../..'));
const FLOW = 'flows/primary.yaml';
const USE = 'roles: { use: [primaryApplicant, secondaryApplicant] }';
if (!files[FLOW]?.includes(USE)) throw new Error(`${FLOW} no longer names its roles as '${USE}': update this test`);
// The primary flow gains a role whose logic calls the tenant's own `isPartner`.
const tenantFiles = { ...files, [FLOW]: files[FLOW].replace(USE, "roles: { use: [primaryApplicant, secondaryApplicant], partner: { isPartner: [{ var: user.email }] } }") };
const isPartner = (domain: string) =>
  defineFunction({ name: 'isPartner', signature: '(email: text) => boolean', description: 'whether the e-mail is of a partner', fn: (email: unknown) => String(email).endsWith(domain) });
const tenantA = definitionsFromFiles(tenantFiles, { functions: [isPartner('@a.test')] });
const tenantB = definitionsFromFiles(tenantFiles, { functions: [isPartner('@b.test')] });

const P: Caller = { id: 'u-primary', email: 'p@a.test' };
const app: AppSnapshot = {
  id: 'app-1', type: 'vehicle', status: 'draft', brandId: 'acme-au', region: 'AU', version: 1, definitionVersion: 'test',
  record: { scoreboard: { status: 'businessDetails', primaryApplicant: { userId: P.id } } } as AppSnapshot['record'],
  primaryUserId: P.id, secondaryUserId: null,
};

describe('enforcement of two definition sets', () => {
  it('derives roles with the function of its own set, of the same name in both', () => {
    const roles = (set: typeof tenantA, caller: Caller) => rolesIn(set.defs, set.logic, app, caller).sort();
    expect(roles(tenantA, P)).toEqual(['partner', 'primary']);
    expect(roles(tenantB, P)).toEqual(['primary']);
    expect(roles(tenantA, P)).toEqual(['partner', 'primary']);
    expect(roles(tenantB, { ...P, email: 'p@b.test' })).toEqual(['partner', 'primary']);
    expect(roles(tenantA, { ...P, email: 'p@b.test' })).toEqual(['primary']);
  });
});
