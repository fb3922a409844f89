/**
 * The studio preview's records, generated from the demo seed's scenarios (server/seed/scenarios.ts): one record per
 * scenario, built as the seed builds it (server/seed/scenarioRecord.ts), so the application id, the people and the
 * record are those the studio's API server (studio/server/apiServer.ts) was seeded with. No file is written by hand.
 */
import { resolveLayers } from '../../runtime/core';
import { servedCombinations } from '../../runtime/core/lint';
import { getPath } from '../../runtime/core/source/pointer';
import type { DefinitionSet } from '../../runtime/core/types';
import { allScenariosOf, scenarioRecord } from '../../server/seed/scenarioRecord';
import type { Scenario } from '../../server/seed/scenarios';

/** One scenario's record, as the preview's menu offers it. */
export interface ScenarioSample {
  key: string;
  summary: string;
  /** The scenario's role (primary, secondary, calculator) and the region x brand it runs under. */
  role: Scenario['role'];
  selection: Record<string, string>;
  applicationId: string;
  record: Record<string, unknown>;
  /** The demo login of the scenario (e-mail `<key>@demo.example`), as the `user` query answers it. */
  user: Record<string, unknown>;
}

/** The served selection a scenario's brand slot runs under (the seed's `brandFor`, over the definitions). */
function selectionFor(slot: Scenario['brand'], selections: Record<string, string>[]): Record<string, string> {
  const introducer = selections.find((s) => /introducer/.test(s.brand ?? ''));
  if (slot === 'introducer') return introducer ?? selections[0] ?? {};
  return selections.find((s) => s.region === slot && s !== introducer) ?? selections[0] ?? {};
}

/** The scenarios built for a set of flows, and the layers' part in them (the selections and their organisations' names). */
const built = new WeakMap<DefinitionSet['flows'], { layers: string; list: ScenarioSample[] }>();

/**
 * Every scenario of the seed with its record (the seed's order and index). Built again only when the flows or the
 * layers' part changed: a text or a setting edited in the studio keeps them.
 */
export function scenarioSamples(defs: DefinitionSet): ScenarioSample[] {
  const selections = servedCombinations(defs);
  const orgNameOf = (selection: Record<string, string>) => {
    const organisation = resolveLayers(defs, selection).settings.organisation as { name?: unknown } | undefined;
    return String(organisation?.name ?? selection.brand ?? '');
  };
  const orgNames = new Map(selections.map((selection) => [JSON.stringify(selection), orgNameOf(selection)]));
  const layers = JSON.stringify([...orgNames]);
  const hit = built.get(defs.flows);
  if (hit?.layers === layers) return hit.list;
  const orgName = (selection: Record<string, string>) => orgNames.get(JSON.stringify(selection)) ?? orgNameOf(selection);
  const list = allScenariosOf(defs).map((s, index) => {
    const selection = selectionFor(s.brand, selections);
    const region = (selection.region ?? 'au').toUpperCase();
    const { applicationId, record, people } = scenarioRecord(s, index, region, orgName(selection));
    const member = s.role === 'secondary' ? 'secondary' : 'primary';
    const primaryUserId = s.role === 'secondary' ? people.companion?.id : people.main.id;
    const { phone, ...who } = people.main;
    return {
      key: s.key, summary: s.summary, role: s.role, selection, applicationId,
      record: { ...record, ...(primaryUserId ? { orgUserId: primaryUserId } : {}) },
      user: { ...who, phone, member },
    };
  });
  built.set(defs.flows, { layers, list });
  return list;
}

/**
 * The scenarios that fit a flow at a status: those whose record holds `status` at the flow's status field (every
 * scenario when the flow drives no status or none is asked), those of `region` first.
 */
export function samplesFor(samples: ScenarioSample[], field: string | undefined, status: string | undefined, region?: string, names: string[] = []): ScenarioSample[] {
  let fit = field && status ? samples.filter((s) => getPath(s.record, field) === status) : samples;
  // A flow that drives no status: the scenarios at a status named like the flow or step first (a sub-flow's screen).
  if (!field && names.length) fit = [...fit.filter((s) => statusValues(s.record).some((v) => names.includes(v))), ...fit.filter((s) => !statusValues(s.record).some((v) => names.includes(v)))];
  return [...fit.filter((s) => s.selection.region === region), ...fit.filter((s) => s.selection.region !== region)];
}

/** The values of a record's status fields (keys named `status` or `status<Something>`, two levels deep). */
function statusValues(record: Record<string, unknown>): string[] {
  const out: string[] = [];
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 2) return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && /^status/i.test(key)) out.push(value);
      else visit(value, depth + 1);
    }
  };
  visit(record, 0);
  return out;
}
