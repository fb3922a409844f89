import { describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { CONFIG, FLOW, metaFiles } from './fixtures';

const base = `id: base\nmessages: { go: Go, row.first: First, row.second: Second, row.done: Done }\n`;
const schema = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, ok: { type: 'boolean' } } }, null, 2);

function files(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...metaFiles(), 'fleetform.yaml': CONFIG, 'flows/_base.yaml': base, 'flows/demo.yaml': FLOW, 'schemas/details.json': schema, ...overrides };
}

describe('loadDefinitions', () => {
  it('loads a valid set without errors into a serialisable definition set', () => {
    const { defs, errors } = loadDefinitions(files());
    expect(errors).toEqual([]);
    expect(Object.keys(defs.flows)).toEqual(['demo']);
    expect(defs.flowFiles.demo).toBe('flows/demo.yaml');
    expect(defs.layerFiles['flows/_base.yaml'].messages?.go).toBe('Go');
    expect(defs.schemas.details).toBeDefined();
    expect(JSON.parse(JSON.stringify(defs))).toEqual(defs);
  });

  it('names file, line, column, pointer and a did-you-mean hint for an unknown step', () => {
    const { errors } = loadDefinitions(files({ 'flows/demo.yaml': FLOW.replace('target: end', 'target: ennd') }));
    expect(errors).toHaveLength(1);
    const line = FLOW.split('\n').findIndex((l) => l.includes('target: end')) + 1;
    expect(errors[0]).toMatchObject({ file: 'flows/demo.yaml', line, pointer: '/steps/approvals/on/submit/target', message: "unknown step 'ennd'", hint: "did you mean 'end'?" });
  });

  it('reports unknown properties from the meta-schema with a hint', () => {
    const { errors } = loadDefinitions(files({ 'flows/demo.yaml': FLOW.replace('    status: first\n', '    stauts: first\n') }));
    const error = errors.find((e) => e.message === "unknown property 'stauts'");
    expect(error).toMatchObject({ file: 'flows/demo.yaml', pointer: '/steps/approvals/stauts', hint: "did you mean 'status'?" });
    expect(error?.line).toBe(FLOW.split('\n').findIndex((l) => l.includes('    status: first')) + 1);
  });

  it('reports an unknown block type, schema, status and role', () => {
    const broken = FLOW.replace('type: button', 'type: buton').replace('schema: details', 'schema: detail').replace('status: second\n        target', 'status: secnd\n        target').replace('roles: [owner]', 'roles: [ownr]');
    const messages = loadDefinitions(files({ 'flows/demo.yaml': broken })).errors.map((e) => `${e.message} | ${e.hint}`);
    expect(messages).toContain("'buton' is not allowed | did you mean 'button'?");
    expect(messages).toContain("unknown schema 'detail' | did you mean 'details'?");
    expect(messages).toContain("unknown status 'secnd' | did you mean 'second'?");
    expect(messages).toContain("unknown role 'ownr' | did you mean 'owner'?");
  });

  it('reports an event no step handles and a YAML syntax error', () => {
    const errors = loadDefinitions(files({ 'flows/demo.yaml': FLOW.replace('event: proceed', 'event: procede'), 'flows/x.yaml': 'id: [' })).errors;
    expect(errors.map((e) => e.message)).toContain("event 'procede' is not handled by step 'start'");
    expect(errors.some((e) => e.file === 'flows/x.yaml')).toBe(true);
  });

  it('validates layer files and reports duplicate flow ids', () => {
    const errors = loadDefinitions(files({ 'flows/_base.yaml': 'id: base\nmesages: {}\n', 'flows/copy.yaml': FLOW })).errors;
    expect(errors.find((e) => e.file === 'flows/_base.yaml')).toMatchObject({ message: "unknown property 'mesages'", hint: "did you mean 'messages'?", line: 2, column: 1 });
    expect(errors.some((e) => e.message.startsWith("flow id 'demo' is already used"))).toBe(true);
  });

  it('reports a missing config', () => {
    const all = files();
    delete all['fleetform.yaml'];
    expect(loadDefinitions(all).errors[0].message).toBe('config file missing');
  });
});

describe('reserved targets', () => {
  it("accepts '@status' as a target when the flow has a status machine", () => {
    expect(loadDefinitions(files({ 'flows/demo.yaml': FLOW.replace('- { target: approvals }', "- { target: '@status' }") })).errors).toEqual([]);
  });
});
