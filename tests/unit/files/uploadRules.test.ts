/** Upload rules come from the definitions: every brand's slots resolve to record schema nodes whose counts and types the server can enforce. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandRegistry } from '../../../server/brands';
import { definitionsFromFiles, loadServerDefinitions } from '../../../server/definitions';
import { slotAt, uploadRuleProblems, uploadRulesOf } from '../../../server/files';
import { readDefinitions } from '../../../runtime/node';

const ROOT = join(import.meta.dirname, '../../..');
const defs = loadServerDefinitions(ROOT);

describe('upload rules', () => {
  it('every brand and region has valid upload rules', () => {
    const selections = [{}, ...brandRegistry(defs.defs).all.map((b) => b.selection)];
    for (const selection of selections) expect(uploadRuleProblems(defs.layers(selection)), JSON.stringify(selection)).toEqual([]);
  });

  it("takes a slot's count from its schema (maxItems, one for an object) unless the slot sets maxFiles", () => {
    const layers = defs.layers({});
    expect(slotAt(layers, 'scoreboard.businessDetails.financeDetails.fileUrls')).toMatchObject({ maxFiles: 10, slot: { id: 'financialStatements' } });
    expect(slotAt(layers, 'scoreboard.wetSignature.documentMLA.uploadFile')).toMatchObject({ maxFiles: 1, slot: { accept: ['application/pdf'] } });
    expect(slotAt(layers, 'scoreboard.primaryApplicant.idScanData.fileUrls')?.maxFiles).toBe(2);
    expect(slotAt(layers, 'scoreboard.wetSignature.status.uploadFile')).toBeUndefined();
    expect(slotAt(layers, 'scoreboard.businessDetails.financeDetails.valueOfApplication')).toBeUndefined();
    expect(uploadRulesOf(layers).accept.has('image/gif')).toBe(false);
  });

  it('follows the definitions: a patched maxItems or setting changes the limits, a bad slot is reported', () => {
    const files = readDefinitions(ROOT);
    const schema = JSON.parse(files['schemas/scoreboard.json']);
    schema.properties.businessDetails.properties.financeDetails.properties.fileUrls.maxItems = 3;
    files['schemas/scoreboard.json'] = JSON.stringify(schema);
    files['messages/uploads.yaml'] = files['messages/uploads.yaml']
      .replace('maxFilesPerApplication: 50', 'maxFilesPerApplication: 7')
      .replace('wetSignature: { path: ', 'nowhere: { path: scoreboard.nothing.here, accept: [text/html] }\n      wetSignature: { path: ');
    const changed = definitionsFromFiles(files).layers({});
    expect(slotAt(changed, 'scoreboard.businessDetails.financeDetails.fileUrls')?.maxFiles).toBe(3);
    expect(uploadRulesOf(changed).maxFilesPerApplication).toBe(7);
    expect(uploadRuleProblems(changed)).toEqual([
      "slot nowhere: the server cannot inspect 'text/html' (it inspects application/pdf, image/png, image/jpeg, image/gif, application/msword, application/vnd.ms-excel, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)",
      "slot nowhere: 'scoreboard.nothing.here' is not a path of the record schemas",
    ]);
  });
});
