/**
 * Published definitions (issue 15, item 4): the snapshot, lint against it, migrations of stored records.
 * Real definitions, patched the way an analyst would change them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { affects, checkVersions, formatError, migrateRecord, publishSnapshot, recordFields, unpublishedChanges, type DefinitionSet } from '../../../runtime/core';
import { loadDefinitions } from '../../../runtime/core/load';
import { definitionVersion, lintDir, publishDefinitions, readDefinitions } from '../../../runtime/node';
import { scratchDir } from '../../scratch';

const root = join(import.meta.dirname, '../../..');
const base = readDefinitions(root);
const SNAPSHOT = 'definitions.lock.json';
const scratch = scratchDir('defversions');

/** The repository's definitions with `find` replaced by `replace` (every occurrence) in `file`, plus `extra` files. */
function patched(edits: [file: string, find: string, replace: string][], extra: Record<string, string> = {}): Record<string, string> {
  const files = { ...base, ...extra };
  for (const [file, find, replace] of edits) {
    expect(files[file], `${file} holds '${find}'`).toContain(find);
    files[file] = files[file].split(find).join(replace);
  }
  return files;
}
const load = (files: Record<string, string>): DefinitionSet => {
  const { defs, errors } = loadDefinitions(files);
  expect(errors.map(formatError)).toEqual([]);
  return defs;
};

/** The applicationReview flow's `pending` status renamed to `open` (its order, initial and step status). */
const RENAME_PENDING: [string, string, string][] = [['flows/applicationReview.yaml', 'pending', 'open']];
const MIGRATION = 'migrations/2030-01-01-review-open.yaml';
const migrationText = 'description: the review waits "open", no longer "pending"\nflows:\n  applicationReview:\n    statuses: { pending: open }\n';

describe('the published snapshot', () => {
  it('is committed and the definitions still have all it holds (additions aside): nothing is removed without a migration', () => {
    const defs = load(base);
    const committed = JSON.parse(readFileSync(join(root, SNAPSHOT), 'utf8'));
    const now = publishSnapshot(defs, committed.version);
    // Another branch may add steps or fields (never a change); everything published is still there.
    for (const [id, flow] of Object.entries(committed.flows as Record<string, { steps: string[]; status?: { values: string[] } }>)) {
      expect(now.flows[id].steps).toEqual(expect.arrayContaining(flow.steps));
      if (flow.status) expect(now.flows[id].status?.values).toEqual(expect.arrayContaining(flow.status.values));
    }
    expect(Object.keys(now.flows).some((id) => defs.flowFiles[id].startsWith('flows/_examples/'))).toBe(false);
    expect(unpublishedChanges(defs)).toEqual([]);
  });

  it('lists every field path of a record schema, lists and maps as *, branches merged', () => {
    const fields = recordFields({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'string' } } },
        list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        file: { oneOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { type: 'null' }] },
      },
    }, 'r');
    expect(Object.fromEntries(Object.entries(fields).map(([p, f]) => [p, f.type]))).toEqual({
      'r.a': 'object', 'r.a.b': 'string', 'r.list': 'array', 'r.list.*': 'object', 'r.list.*.x': 'number',
      'r.map': 'object', 'r.map.*': 'string', 'r.file': 'null|object', 'r.file.name': 'string',
    });
    expect(fields['r.file.name'].pointer).toBe('/properties/file/oneOf/0/properties/name');
  });

  it('leaves the snapshot out of the content hash (publishing does not change the version it records)', () => {
    expect(definitionVersion({ ...base, [SNAPSHOT]: '{}' }, SNAPSHOT)).toBe(definitionVersion(base, SNAPSHOT));
    expect(definitionVersion({ ...base, [MIGRATION]: migrationText }, SNAPSHOT)).not.toBe(definitionVersion(base, SNAPSHOT));
  });
});

/** The files written to a fresh folder under the scratch folder. */
function writeCopy(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('lint against the published definitions', () => {
  const lintCopy = (name: string, files: Record<string, string>) => lintDir(writeCopy(name, files)).findings.map(formatError);

  it('fails when a status is renamed without a migration, at the flow file with the migration to write', () => {
    const findings = lintCopy('renamed', patched(RENAME_PENDING));
    const line = base['flows/applicationReview.yaml'].split('\n').findIndex((l) => l.includes('order: [pending')) + 1;
    expect(findings.filter((f) => !f.includes('GraphQL'))).toEqual([
      expect.stringMatching(new RegExp(`^flows/applicationReview\\.yaml:${line}:3: status 'pending' of flow 'applicationReview' is gone.*statuses: \\{ pending: open \\}`)),
    ]);
  });

  it('passes once a migration maps it', () => {
    expect(lintCopy('migrated', patched(RENAME_PENDING, { [MIGRATION]: migrationText })).filter((f) => !f.includes('GraphQL'))).toEqual([]);
  });

  it('allows additions: a new step, status and field need no migration and no publishing', () => {
    const defs = load(patched([
      ['flows/secondary.yaml', 'order: [approvals, reviewAndSignContract, finished]', 'order: [approvals, reviewAndSignContract, finished, archived]'],
      ['flows/secondary.yaml', '  finished:\n    status: finished\n', '  finished:\n    status: finished\n  archived:\n    status: archived\n'],
      ['schemas/scoreboard.json', '"privacyConsent": {', '"newFlag": { "type": "string" },\n      "privacyConsent": {'],
    ]));
    expect(checkVersions(defs).map(formatError)).toEqual([]);
  });

  it('reports a removed step, a renamed field and a removed flow, each with its fix', () => {
    const files = patched([
      ['flows/secondary.yaml', '  finished:\n    status: finished\n', ''],
      ['flows/secondary.yaml', 'signed: { target: finished, status: finished, by: server }', 'signed: { status: finished, by: server }'],
      ['schemas/applicationCalculator.json', '"shortlists"', '"shortlist"'],
    ]);
    delete files['flows/applicationReview.yaml'];
    const found = checkVersions(load(files)).map(formatError);
    expect(found).toEqual(expect.arrayContaining([
      expect.stringMatching(/^definitions\.lock\.json:\d+:\d+: flow 'applicationReview' is gone.*flows: \{ applicationReview: null \}/),
      expect.stringMatching(/^flows\/secondary\.yaml:\d+:1: step 'finished' of flow 'secondary' is gone.*steps: \{ finished: <new step, or null> \}/),
      expect.stringMatching(/^schemas\/applicationCalculator\.json:\d+:\d+: record field 'calculator\.shortlists' is gone.*fields: \{ calculator\.shortlists: calculator\.shortlist \}/),
    ]));
    expect(found).toHaveLength(3);
  });

  it('reports a migration naming what does not exist, or what still exists', () => {
    const files = patched(RENAME_PENDING, {
      [MIGRATION]: 'flows:\n  applicationReview:\n    statuses: { pending: opne, completed: open }\n  nope: { steps: { a: null } }\nfields:\n  scoreboard.status: scoreboard.gone\n  other.x: null\n',
    });
    const found = checkVersions(load(files)).map(formatError);
    expect(found).toEqual([
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:3:\d+: flow 'applicationReview' has no status 'opne' .*did you mean 'open'/),
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:3:\d+: status 'completed' still exists in flow 'applicationReview'/),
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:4:3: no flow 'nope'/),
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:6:\d+: record field 'scoreboard\.status' still exists/),
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:6:\d+: no record field 'scoreboard\.gone'/),
      expect.stringMatching(/^migrations\/2030-01-01-review-open\.yaml:7:\d+: 'other\.x' is not a record field path/),
    ]);
  });
});

describe('migrating a stored record', () => {
  it('moves fields, renames statuses of the governing flows only, and is idempotent', () => {
    const only = load(patched([...RENAME_PENDING, ['schemas/scoreboard.json', '"privacyConsent": {', '"consent": {']], {
      [MIGRATION]: `${migrationText}fields:\n  scoreboard.privacyConsent: scoreboard.consent\n  scoreboard.primaryApplicant.idScanData.addresses.*.address2: null\n`,
    }));
    const record = {
      scoreboard: {
        privacyConsent: 'confirmed',
        primaryApplicant: { applicationReviewStatus: 'pending', idScanData: { addresses: [{ address: 'a', address2: 'b' }, { address: 'c' }] } },
      },
    };
    const { record: next, changes } = migrateRecord(only, record, ['primary', 'applicationReview']);
    expect(next).toEqual({ scoreboard: { consent: 'confirmed', primaryApplicant: { applicationReviewStatus: 'open', idScanData: { addresses: [{ address: 'a' }, { address: 'c' }] } } } });
    expect(changes.map((c) => [c.path, c.from, c.to])).toEqual([
      ['scoreboard.consent', undefined, 'confirmed'],
      ['scoreboard.privacyConsent', 'confirmed', undefined],
      ['scoreboard.primaryApplicant.idScanData.addresses.0.address2', 'b', undefined],
      ['scoreboard.primaryApplicant.applicationReviewStatus', 'pending', 'open'],
    ]);
    expect(record.scoreboard.privacyConsent).toBe('confirmed'); // the input is not modified
    expect(migrateRecord(only, next, ['primary', 'applicationReview']).changes).toEqual([]);
    // A record another set of flows governs keeps its value.
    expect(migrateRecord(only, record, ['calculatorApplication']).record.scoreboard).toMatchObject({ primaryApplicant: { applicationReviewStatus: 'pending' } });
  });

  it('applies migrations in file order (a chain of renames lands on the last)', () => {
    const chain = load(patched([['flows/applicationReview.yaml', 'pending', 'done']], {
      [MIGRATION]: migrationText,
      'migrations/2030-02-01-review-done.yaml': 'flows:\n  applicationReview:\n    statuses: { open: done }\n',
    }));
    expect(checkVersions(chain).map(formatError)).toEqual([]);
    const { record } = migrateRecord(chain, { scoreboard: { primaryApplicant: { applicationReviewStatus: 'pending' } } });
    expect(record).toEqual({ scoreboard: { primaryApplicant: { applicationReviewStatus: 'done' } } });
  });

  it('says which stored records a change affects (for defs:impact)', () => {
    const renamed = load(patched(RENAME_PENDING));
    const [change] = unpublishedChanges(renamed);
    expect(change).toMatchObject({ kind: 'status', flow: 'applicationReview', status: 'pending', covered: false, candidate: 'open' });
    const at = (status: string) => ({ scoreboard: { primaryApplicant: { applicationReviewStatus: status } } });
    expect(affects(change, at('pending'), ['primary', 'applicationReview'])).toBe(true);
    expect(affects(change, at('completed'))).toBe(false);
    expect(affects(change, at('pending'), ['calculatorApplication'])).toBe(false);
  });
});

describe('npm run defs:publish', () => {
  // In-process (runtime/node publishDefinitions, what the command prints); the command line itself once, below.
  // Each reads and lints the whole definition set a few times: 40-60 s at load 15 on the 2-core machine, hence 120 s.
  const publish = (dir: string) => publishDefinitions(dir);
  const text = (lines: string[]) => lines.join('\n');

  it('refuses while a removal has no migration, then publishes the renamed status once one maps it', () => {
    const dir = writeCopy('publish', patched(RENAME_PENDING));
    const refused = publish(dir);
    expect(refused.ok).toBe(false);
    expect(text(refused.err)).toMatch(/status 'pending' of flow 'applicationReview' is gone[\s\S]*not published/);
    expect(readFileSync(join(dir, SNAPSHOT), 'utf8')).toBe(base[SNAPSHOT]);

    mkdirSync(dirname(join(dir, MIGRATION)), { recursive: true });
    writeFileSync(join(dir, MIGRATION), migrationText);
    const done = publish(dir);
    expect(done.err).toEqual([]);
    expect(done.ok).toBe(true);
    const snapshot = JSON.parse(readFileSync(join(dir, SNAPSHOT), 'utf8'));
    expect(snapshot.flows.applicationReview.status.values).toEqual(['open', 'completed']);
    expect(snapshot.version).toBe(definitionVersion(readDefinitions(dir), SNAPSHOT));
    expect(lintDir(dir).findings.filter((f) => f.file !== 'fleetform.yaml').map(formatError)).toEqual([]);
  }, 120_000);

  it('--check (npm run defs:check, a step of the gate) fails on a snapshot any edit left stale, and passes once republished', () => {
    // The command line: its arguments, its output and its exit status.
    const cli = (dir: string) => spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/defsPublish.ts'), '--root', dir, '--check'], { cwd: root, encoding: 'utf8' });
    const dir = writeCopy('check', patched([['messages/account.yaml', "account.logout.progress: 'Signing you out…'", "account.logout.progress: 'Signing out…'"]]));
    const stale = cli(dir);
    expect(stale.stdout).toMatch(/definitions\.lock\.json differs from the definitions .*npm run defs:publish/);
    expect(stale.status).toBe(1);
    expect(readFileSync(join(dir, SNAPSHOT), 'utf8')).toBe(base[SNAPSHOT]);
    expect(publish(dir).ok).toBe(true);
    const current = publishDefinitions(dir, { check: true });
    expect(text(current.out)).toMatch(/is up to date/);
    expect(current.ok).toBe(true);
  }, 120_000);
});
