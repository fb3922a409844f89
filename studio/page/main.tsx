/**
 * The studio's page (npm run studio; docs/analysts-guide.md 'Studio'): every flow x region x brand, a preview of the
 * chosen step at a status and role (preview.tsx in a frame), the lint findings with file:line, the
 * texts the step names with the layer and file:line that set each, a lookup of any message or setting,
 * and the flow's diagram (the Mermaid text of npm run diagrams). Everything follows each reload.
 * The choices live in the page's query (flow, step, status, role, sel), so a link opens the same view.
 */
import { createContext, StrictMode, useCallback, useContext, useEffect, useMemo, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';

interface Finding { file: string; line: number; column: number; message: string; hint?: string; source?: string }
interface Location { layer?: string; file: string; line: number; column: number }
interface FlowInfo {
  id: string;
  file: string;
  example: boolean;
  description?: string;
  status?: { field: string; order: string[] };
  roles: string[];
  /** The flow's and each step's title as the first served selection shows it (undefined: none). */
  title?: string;
  steps: { id: string; title?: string; route: string; status?: string | string[]; roles: string[] }[];
  sample?: string;
}
interface Overview {
  version: number;
  lintVersion: number;
  reloadMs: number;
  generated: { ok: boolean; message: string };
  selections: Record<string, string>[];
  flows: FlowInfo[];
  findings: Finding[];
  texts: Record<string, string>;
  anonymous: string;
  /** The editor link pattern (`{path}`, `{file}`, `{line}`, `{column}`) and the definitions' root. */
  editor: { link: string; root: string };
}
interface Provenance { kind: string; key: string; found: boolean; value?: unknown; setBy?: Location; chain: (Location & { value: unknown })[] }

const fetchJson = async <T,>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;
const where = (l: { file: string; line: number; column: number }) => `${l.file}:${l.line}:${l.column}`;
/** The editor link pattern and root the overview gives (docs/analysts-guide.md 'Studio'). */
const EditorLink = createContext<Overview['editor'] | undefined>(undefined);

/** A file:line:column that opens the file at that place in the analyst's editor. */
function Where({ at }: { at: { file: string; line: number; column: number } }) {
  const editor = useContext(EditorLink);
  const href = editor?.link
    .replace('{path}', encodeURI(`${editor.root.replace(/\/$/, '')}/${at.file}`)).replace('{file}', encodeURI(at.file))
    .replace('{line}', String(at.line)).replace('{column}', String(at.column));
  return <a className="where" href={href}>{where(at)}</a>;
}
const selectionQuery = (s: Record<string, string> | undefined) => new URLSearchParams(s ?? {}).toString();
const selectionName = (s: Record<string, string>) => Object.values(s).join(' / ');

/** The page's choices, kept in its query. */
function useChoices() {
  const [choices, setChoices] = useState(() => Object.fromEntries(new URLSearchParams(location.search)) as Record<string, string>);
  const choose = useCallback((patch: Record<string, string | undefined>) => {
    setChoices((current) => {
      const next = { ...current, ...patch };
      for (const [k, v] of Object.entries(next)) if (v === undefined || v === '') delete next[k];
      history.replaceState(null, '', `?${new URLSearchParams(next as Record<string, string>)}`);
      return next as Record<string, string>;
    });
  }, []);
  return [choices, choose] as const;
}

function FindingView({ finding }: { finding: Finding }) {
  return (
    <div className="finding" data-finding={finding.file}>
      {finding.file ? <Where at={finding} /> : null} {finding.message}{finding.hint ? ` (${finding.hint})` : ''}
      {finding.source ? <span className="src">{finding.source}</span> : null}
    </div>
  );
}

function Studio() {
  const [overview, setOverview] = useState<Overview>();
  const [choices, choose] = useChoices();
  const refresh = useCallback(() => { void fetchJson<Overview>('/studio/api/overview').then(setOverview); }, []);
  useEffect(() => {
    refresh();
    const events = new EventSource('/studio/api/events');
    events.addEventListener('reload', refresh);
    events.addEventListener('lint', refresh);
    events.addEventListener('generated', refresh);
    return () => events.close();
  }, [refresh]);
  const t = useCallback((key: string, vars: Record<string, unknown> = {}) =>
    (overview?.texts[key] ?? '').replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)), [overview]);
  useEffect(() => { if (overview) document.title = t('studio.title'); }, [overview, t]);

  const selection = overview?.selections[Number(choices.sel ?? 0)] ?? overview?.selections[0];
  const flow = overview?.flows.find((f) => f.id === choices.flow) ?? overview?.flows.find((f) => !f.example);
  const step = flow?.steps.find((s) => s.id === choices.step) ?? flow?.steps[0];
  const previewQuery = useMemo(() => {
    if (!flow || !step) return '';
    const q = new URLSearchParams({ ...(selection ?? {}), flow: flow.id, step: step.id });
    if (choices.status) q.set('status', choices.status);
    if (choices.role) q.set('role', choices.role);
    return q.toString();
  }, [flow, step, selection, choices.status, choices.role]);

  if (!overview || !flow || !step) return null;
  const flowFindings = overview.findings.filter((f) => f.file === flow.file || (flow.sample && f.file === flow.sample));
  const roles = [...new Set([...step.roles, ...flow.roles, 'signedIn', overview.anonymous])];
  const statuses = flow.status?.order ?? [];
  const groups: [string, FlowInfo[]][] = [[t('studio.flows'), overview.flows.filter((f) => !f.example)], [t('studio.examples'), overview.flows.filter((f) => f.example)]];
  return (
    <EditorLink.Provider value={overview.editor}>
      <header>
        <h1>{t('studio.title')}</h1>
        <label>
          {t('studio.selection')}{' '}
          <select value={choices.sel ?? '0'} onChange={(e) => choose({ sel: e.target.value })}>
            {overview.selections.map((s, i) => <option key={i} value={i}>{selectionName(s)}</option>)}
          </select>
        </label>
        <span className="reloaded" data-version={overview.version}>{t('studio.reloaded', { version: overview.version, ms: overview.reloadMs })}</span>
        {overview.generated.ok ? null : <span className="reloaded">{t('studio.generated.failed', { message: overview.generated.message })}</span>}
      </header>
      <div className="layout">
        <nav>
          {groups.map(([title, flows]) => (
            <div key={title}>
              <h2>{title}</h2>
              {flows.map((f) => {
                const count = overview.findings.filter((x) => x.file === f.file).length;
                return (
                  <details key={f.id} open={f.id === flow.id}>
                    <summary data-flow={f.id}>{f.title ? <>{f.title} <code>{f.id}</code></> : f.id}{count ? <span className="bad"> {t('studio.lint.count', { count })}</span> : null}</summary>
                    {f.steps.map((s) => (
                      <button key={s.id} type="button" aria-current={f.id === flow.id && s.id === step.id} data-step={`${f.id}.${s.id}`}
                        onClick={() => choose({ flow: f.id, step: s.id, status: undefined, role: undefined })}>{s.title ? <>{s.title} <code>{s.id}</code></> : s.id}</button>
                    ))}
                  </details>
                );
              })}
            </div>
          ))}
        </nav>
        <main>
          <div className="controls">
            <label>{t('studio.step')}<code>{`${flow.id}.${step.id}`}</code></label>
            <label>
              {t('studio.status')}
              <select value={choices.status ?? ''} onChange={(e) => choose({ status: e.target.value })} disabled={statuses.length === 0}>
                <option value="">{t('studio.status.none')}</option>
                {statuses.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </label>
            <label>
              {t('studio.role')}
              <select value={choices.role ?? roles[0]} onChange={(e) => choose({ role: e.target.value })}>
                {roles.map((r) => <option key={r} value={r}>{r}</option>)}
              </select>
            </label>
            <a href={`/preview.html?${previewQuery}`} target="_blank" rel="noreferrer">{t('studio.preview.open')}</a>
          </div>
          <p className="note">{flow.sample ? t('studio.sample', { file: flow.sample }) : t('studio.sample.none', { flow: flow.id })}</p>
          <iframe title={t('studio.preview')} src={`/preview.html?${previewQuery}`} data-preview={previewQuery} />
          {flowFindings.length ? (
            <section aria-label={t('studio.lint.flow')}>
              <h2 className="error">{t('studio.lint.flow')}</h2>
              {flowFindings.map((f, i) => <FindingView key={i} finding={f} />)}
            </section>
          ) : null}
          <StepTexts t={t} query={`${selectionQuery(selection)}&flow=${flow.id}&step=${step.id}`} version={overview.version} />
          <Lookup t={t} selection={selection} version={overview.version} />
          <Diagram t={t} query={`${selectionQuery(selection)}&flow=${flow.id}`} version={overview.version} />
          <section aria-label={t('studio.lint')}>
            <h2>{t('studio.lint')}</h2>
            <p className="note" data-lint-version={overview.lintVersion}>{overview.findings.length ? t('studio.lint.count', { count: overview.findings.length }) : t('studio.lint.clean')}</p>
            {overview.findings.map((f, i) => <FindingView key={i} finding={f} />)}
          </section>
          <section aria-label={t('studio.matrix')}>
            <h2>{t('studio.matrix')}</h2>
            <table>
              <thead><tr><th>{t('studio.matrix.flow')}</th>{overview.selections.map((s, i) => <th key={i}>{selectionName(s)}</th>)}</tr></thead>
              <tbody>
                {overview.flows.map((f) => (
                  <tr key={f.id}>
                    <td><code>{f.id}</code></td>
                    {overview.selections.map((s, i) => (
                      <td key={i}>
                        <button type="button" onClick={() => choose({ flow: f.id, step: f.steps[0]?.id, sel: String(i), status: undefined, role: undefined })}>{t('studio.preview')}</button>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </main>
      </div>
    </EditorLink.Provider>
  );
}

type T = (key: string, vars?: Record<string, unknown>) => string;

function StepTexts({ t, query, version }: { t: T; query: string; version: number }) {
  const [texts, setTexts] = useState<{ key: string; text: string; setBy?: Location }[]>([]);
  useEffect(() => { void fetchJson<typeof texts>(`/studio/api/texts?${query}`).then(setTexts); }, [query, version]);
  if (texts.length === 0) return null;
  return (
    <section aria-label={t('studio.texts')}>
      <h2>{t('studio.texts')}</h2>
      <table>
        <thead><tr><th>{t('studio.texts.key')}</th><th>{t('studio.texts.text')}</th><th>{t('studio.texts.setBy')}</th></tr></thead>
        <tbody>
          {texts.map((x) => (
            <tr key={x.key} data-key={x.key}>
              <td><code>{x.key}</code></td>
              <td>{x.text}</td>
              <td>{x.setBy ? <><b>{x.setBy.layer ?? ''}</b> <code><Where at={x.setBy} /></code></> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Lookup({ t, selection, version }: { t: T; selection?: Record<string, string>; version: number }) {
  const [kind, setKind] = useState('messages');
  const [key, setKey] = useState('');
  const [asked, setAsked] = useState<{ kind: string; key: string }>();
  const [answer, setAnswer] = useState<Provenance>();
  useEffect(() => {
    if (!asked) return;
    void fetchJson<Provenance>(`/studio/api/provenance?${selectionQuery(selection)}&kind=${asked.kind}&key=${encodeURIComponent(asked.key)}`).then(setAnswer);
  }, [asked, selection, version]);
  const submit = (e: FormEvent) => { e.preventDefault(); setAsked({ kind, key }); };
  return (
    <section aria-label={t('studio.provenance')}>
      <h2>{t('studio.provenance')}</h2>
      <form className="controls" onSubmit={submit}>
        <label>{t('studio.provenance.kind.messages')}/{t('studio.provenance.kind.settings')}
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="messages">{t('studio.provenance.kind.messages')}</option>
            <option value="settings">{t('studio.provenance.kind.settings')}</option>
          </select>
        </label>
        <label>{t('studio.provenance.key')}<input name="key" value={key} onChange={(e) => setKey(e.target.value)} size={40} /></label>
        <button type="submit">{t('studio.provenance.lookup')}</button>
      </form>
      {answer ? (
        answer.found ? (
          <div data-provenance={answer.key}>
            <p>{t('studio.provenance.value')}: <code>{JSON.stringify(answer.value)}</code></p>
            {answer.setBy ? <p>{t('studio.provenance.winner')}: <b>{answer.setBy.layer ?? ''}</b> <code className="set-by"><Where at={answer.setBy} /></code></p> : null}
            <p className="note">{t('studio.provenance.chain')}</p>
            <ol>{answer.chain.map((c, i) => <li key={i}><b>{c.layer}</b> <code><Where at={c} /></code> <code>{JSON.stringify(c.value)}</code></li>)}</ol>
          </div>
        ) : <p>{t('studio.provenance.notFound')}</p>
      ) : null}
    </section>
  );
}

function Diagram({ t, query, version }: { t: T; query: string; version: number }) {
  const [diagram, setDiagram] = useState<{ flowchart: string; status?: string }>();
  useEffect(() => { void fetchJson<typeof diagram>(`/studio/api/diagram?${query}`).then(setDiagram); }, [query, version]);
  if (!diagram) return null;
  return (
    <section aria-label={t('studio.diagram')}>
      <h2>{t('studio.diagram')}</h2>
      <pre data-diagram="flowchart">{diagram.flowchart}</pre>
      {diagram.status ? <><h2>{t('studio.diagram.status')}</h2><pre data-diagram="status">{diagram.status}</pre></> : null}
    </section>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><Studio /></StrictMode>);
