/** renameVars: the one rewriter behind a step's `edits.`, a lookup's `lookup.` and an upload slot's `upload.slot.`. */
import { describe, expect, it } from 'vitest';
import { renameVars } from '../../../runtime/core/load/renameVars';

describe('renameVars', () => {
  it('reads every variable under the prefix under the new one, at any depth, in both var forms', () => {
    const logic = { and: [{ var: 'edits' }, { var: 'edits.a.b' }, { var: ['edits.c', { var: 'edits.d' }] }, { '!': { var: 'user.id' } }] };
    expect(renameVars(logic, 'edits', 'record.scoreboard')).toEqual({
      and: [{ var: 'record.scoreboard' }, { var: 'record.scoreboard.a.b' }, { var: ['record.scoreboard.c', { var: 'record.scoreboard.d' }] }, { '!': { var: 'user.id' } }],
    });
  });

  it('leaves names that only begin with the same letters, and strings that are no variable, as they are', () => {
    const value = { text: 'edits.x', list: ['edits.y'], when: { var: 'editsOther.z' } };
    expect(renameVars(value, 'edits', 'record.p')).toEqual(value);
  });

  it('renames the members named with their own prefix (a save path) and does not change its argument', () => {
    const step = { on: { go: { effects: [{ save: 'edits.x', value: { var: 'edits.y' } }, { save: 'other.x' }] } } };
    const copy = structuredClone(step);
    expect(renameVars(step, 'edits', 'record.p', { save: 'p' })).toEqual({
      on: { go: { effects: [{ save: 'p.x', value: { var: 'record.p.y' } }, { save: 'other.x' }] } },
    });
    expect(step).toEqual(copy);
  });

  it('takes a dotted prefix (an upload slot)', () => {
    expect(renameVars({ file: { var: 'upload.slot.path' }, up: { var: 'upload' } }, 'upload.slot', 'settings.uploads.slots.id')).toEqual({
      file: { var: 'settings.uploads.slots.id.path' },
      up: { var: 'upload' },
    });
  });
});
