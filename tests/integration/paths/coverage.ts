/** Path coverage tally: steps, transitions and guard outcomes exercised, per flow, on the core and the server. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowDef } from '../../../runtime/core/types';
import type { TransitionAt } from './pathFixtures';

/** What one side (core or server) exercised of one flow. */
interface Side {
  transitions: Set<string>;
  outcomes: Set<string>;
}

/** The tally of one flow. */
interface FlowTally {
  flow: FlowDef;
  all: TransitionAt[];
  /** Whether the server enforces it (a status machine). */
  server: boolean;
  /** Ids of the transitions the server sees (a status flow's, less the page events that call nothing). */
  onServer: Set<string>;
  steps: Set<string>;
  core: Side;
  http: Side;
  /** Completion rules the server re-checks for its guards (`<flag>#<index>`), and the outcomes seen over HTTP. */
  rules: Set<string>;
  ruleOutcomes: Set<string>;
}

const side = (): Side => ({ transitions: new Set(), outcomes: new Set() });
const pct = (n: number, d: number) => (d === 0 ? '-' : `${Math.floor((1000 * n) / d) / 10}%`);

/** Counts what the generated tests took; `report()` prints the table and the summary line. */
export class PathCoverage {
  private flows = new Map<string, FlowTally>();

  /** Register a flow and its transitions; `onServer`: those run over HTTP too (none: a client flow). */
  add(flow: FlowDef, all: TransitionAt[], onServer: TransitionAt[]): void {
    this.flows.set(flow.id, { flow, all, server: onServer.length > 0, onServer: new Set(onServer.map((t) => t.id)), steps: new Set(), core: side(), http: side(), rules: new Set(), ruleOutcomes: new Set() });
  }

  /** Completion rules of a flow the server checks when its guards read their flags (`<flag>#<index>`). */
  rules(flow: string, ids: string[]): void {
    ids.forEach((id) => this.flows.get(flow)?.rules.add(id));
  }

  /** A completion rule seen not holding (the step completed) or refusing, over HTTP. */
  rule(flow: string, id: string, outcome: 'pass' | 'fail'): void {
    this.flows.get(flow)?.ruleOutcomes.add(`${id}:${outcome}`);
  }

  /** Completion rule outcomes (both per rule) not seen over HTTP. */
  missingRules(): string[] {
    return [...this.flows].flatMap(([id, t]) => [...t.rules].flatMap((r) => (['pass', 'fail'] as const).filter((o) => !t.ruleOutcomes.has(`${r}:${o}`)).map((o) => `${id} ${r} ${o}`)));
  }

  /** A step a case ran in or landed on. */
  step(flow: string, step: string | undefined): void {
    if (step && step !== '*') this.flows.get(flow)?.steps.add(step);
  }

  /** A transition taken as its fixture expects (`outcome`: the guard held or failed; absent for an unguarded one). */
  took(where: 'core' | 'http', t: TransitionAt, outcome?: 'pass' | 'fail'): void {
    const tally = this.flows.get(t.flow);
    if (!tally) return;
    const s = where === 'core' ? tally.core : tally.http;
    if (outcome !== 'fail') s.transitions.add(t.id);
    if (outcome && t.transition.guard !== undefined) s.outcomes.add(`${t.id}:${outcome}`);
  }

  /** Transitions not covered: on the core (every flow) and on the server (those it sees). */
  missing(): { core: string[]; server: string[] } {
    const core: string[] = [];
    const server: string[] = [];
    for (const [id, t] of this.flows) {
      for (const x of t.all) {
        if (!t.core.transitions.has(x.id)) core.push(`${id} ${x.id}`);
        if (t.onServer.has(x.id) && !t.http.transitions.has(x.id)) server.push(`${id} ${x.id}`);
      }
    }
    return { core, server };
  }

  /** The coverage table (one row per flow, then the total) and a one-line summary; also written to .generated/path-coverage.txt. */
  report(root: string, selections: string[]): string {
    const rows = [['flow', 'side', 'steps', 'transitions core', 'guard outcomes core', 'transitions server', 'guard outcomes server', 'completion rule outcomes server']];
    const sum = { steps: 0, stepsOf: 0, core: 0, of: 0, gCore: 0, gOf: 0, http: 0, httpOf: 0, gHttp: 0, gHttpOf: 0, r: 0, rOf: 0 };
    for (const [id, t] of [...this.flows].sort(([a], [b]) => a.localeCompare(b))) {
      const steps = Object.keys(t.flow.steps).length;
      const guarded = t.all.filter((x) => x.transition.guard !== undefined).length * 2;
      const served = t.all.filter((x) => t.onServer.has(x.id));
      const guardedServed = served.filter((x) => x.transition.guard !== undefined).length * 2;
      const cell = (n: number, d: number) => `${n}/${d} ${pct(n, d)}`;
      rows.push([
        id,
        t.server ? 'core+server' : 'core only (client)',
        cell(t.steps.size, steps),
        cell(t.core.transitions.size, t.all.length),
        cell(t.core.outcomes.size, guarded),
        t.server ? cell(t.http.transitions.size, served.length) : '-',
        t.server ? cell(t.http.outcomes.size, guardedServed) : '-',
        t.rules.size ? cell(t.ruleOutcomes.size, t.rules.size * 2) : '-',
      ]);
      sum.r += t.ruleOutcomes.size;
      sum.rOf += t.rules.size * 2;
      sum.steps += t.steps.size;
      sum.stepsOf += steps;
      sum.core += t.core.transitions.size;
      sum.of += t.all.length;
      sum.gCore += t.core.outcomes.size;
      sum.gOf += guarded;
      if (t.server) {
        sum.http += t.http.transitions.size;
        sum.httpOf += served.length;
        sum.gHttp += t.http.outcomes.size;
        sum.gHttpOf += guardedServed;
      }
    }
    rows.push(['total', '', `${sum.steps}/${sum.stepsOf}`, `${sum.core}/${sum.of} ${pct(sum.core, sum.of)}`, `${sum.gCore}/${sum.gOf} ${pct(sum.gCore, sum.gOf)}`, `${sum.http}/${sum.httpOf} ${pct(sum.http, sum.httpOf)}`, `${sum.gHttp}/${sum.gHttpOf} ${pct(sum.gHttp, sum.gHttpOf)}`, `${sum.r}/${sum.rOf} ${pct(sum.r, sum.rOf)}`]);
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const table = rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
    const summary =
      `path coverage: steps ${sum.steps}/${sum.stepsOf} ${pct(sum.steps, sum.stepsOf)}, transitions core ${sum.core}/${sum.of} ${pct(sum.core, sum.of)}, ` +
      `server ${sum.http}/${sum.httpOf} ${pct(sum.http, sum.httpOf)}, guard outcomes core ${sum.gCore}/${sum.gOf} ${pct(sum.gCore, sum.gOf)}, server ${sum.gHttp}/${sum.gHttpOf} ${pct(sum.gHttp, sum.gHttpOf)}, ` +
      `completion rule outcomes server ${sum.r}/${sum.rOf} ${pct(sum.r, sum.rOf)}`;
    const note = 'server: the transitions it sees (a home\'s page events that call nothing run on the core only)';
    const text = `${table}\n(each case run for ${selections.join(', ')}; ${note})\n${summary}\n`;
    mkdirSync(join(root, '.generated'), { recursive: true });
    writeFileSync(join(root, '.generated/path-coverage.txt'), text);
    return text;
  }
}
