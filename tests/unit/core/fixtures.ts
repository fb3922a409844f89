import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../../..');

/** The project's meta-schemas as definition files (the loader validates against them). */
export function metaFiles(): Record<string, string> {
  const dir = join(root, 'schemas/meta');
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [`schemas/meta/${f}`, readFileSync(join(dir, f), 'utf8')]));
}

/** A config with base < one < two < twoForOne layers, like the project's. */
export const CONFIG = `layers:
  - { name: base, file: flows/_base.yaml }
  - { name: one, file: 'ones/{one}.yaml' }
  - { name: two, file: 'twos/{two}.yaml' }
  - { name: twoForOne, file: 'twos/{two}.yaml', at: '/layers/{one}' }
defaults: { one: a }
`;

/** A small, valid flow. */
export const FLOW = `id: demo
initial: start
status:
  field: item.status
  order: [first, second, done]
roles:
  owner: { '==': [{ var: user.id }, { var: record.item.ownerId }] }
  viewer: true
progress:
  main:
    rows:
      - { id: r1, label: row.first, status: first }
      - { id: r2, label: row.second, status: second }
      - { id: r3, label: row.done, status: done }
steps:
  start:
    blocks:
      - { type: button, label: go, event: proceed }
    on:
      proceed:
        - { guard: { '!': { var: record.item.status } }, status: first, target: approvals }
        - { target: approvals }
  approvals:
    status: first
    writable:
      owner: [item.details.*, item.note]
    blocks:
      - { type: form, schema: details, submit: submit }
    on:
      submit:
        roles: [owner]
        guard: { '==': [{ var: form.ok }, true] }
        status: second
        target: end
        effects:
          - { call: saveDetails, variables: { id: { var: record.item.id }, name: { upper: { var: form.name } } } }
          - { set: form.saved, value: true }
          - { effect: notify, params: { saved: { var: form.saved } } }
  end:
    status: [second, done]
    on:
      finish: { status: done, by: server }
`;
