/**
 * The studio's page (npm run studio; docs/analysts-guide.md 'Studio'): every flow x region x brand, a preview of the
 * chosen step at a status and role over a record of the demo seed's scenarios chosen in a menu (preview.tsx in a
 * frame), the lint findings beside it with file:line links, the texts the step names with the layer and file:line
 * that set each (edited in place: EditValue), a lookup of any message or setting, and the flow's diagrams drawn by
 * Mermaid. Everything follows each reload. The choices live in the page's query (flow, step, status, role, record,
 * sel), so a link opens the same view.
 */
import { createContext, StrictMode, useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
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
  /** The real server behind the preview (studio/server/apiServer.ts). */
  api: { state: 'off' | 'starting' | 'ready' | 'failed'; message?: string; ms?: number };
}
/** What the preview renders (the API's answer): the records the menu offers and the one chosen. */
interface PreviewInfo { path: string; scenario?: { key: string; summary: string }; sample?: string; records: { key: string; summary: string }[] }
interface Target { layer: string; file: string; at?: string; sets: boolean; line?: number; winner?: boolean }
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

/** How long the page waits for the preview to show a reload before it asks for the overview itself. */
const PREVIEW_FIRST_MS = 1500;

function Studio() {
  const [overview, setOverview] = useState<Overview>();
  const [choices, choose] = useChoices();
  const refresh = useCallback(() => { void fetchJson<Overview>('/studio/api/overview').then(setOverview); }, []);
  useEffect(() => {
    refresh();
    const events = new EventSource('/studio/api/events');
    // The preview goes first: this page (the same browser thread, the same studio server) asks for a reload's overview
    // once the preview shows that version (it posts it), or after PREVIEW_FIRST_MS (no preview, or it failed).
    let waiting: { version: number; timer: number } | undefined;
    const now = () => {
      clearTimeout(waiting?.timer);
      waiting = undefined;
      refresh();
    };
    const shown = (m: MessageEvent<{ previewVersion?: number }>) => {
      if (m.origin === location.origin && waiting && (m.data?.previewVersion ?? 0) >= waiting.version) now();
    };
    events.addEventListener('reload', (e: MessageEvent<string>) => {
      clearTimeout(waiting?.timer);
      waiting = { version: Number((JSON.parse(e.data) as { version?: number }).version ?? 0), timer: window.setTimeout(now, PREVIEW_FIRST_MS) };
    });
    window.addEventListener('message', shown);
    events.addEventListener('lint', refresh);
    events.addEventListener('generated', refresh);
    events.addEventListener('api', refresh);
    return () => {
      events.close();
      clearTimeout(waiting?.timer);
      window.removeEventListener('message', shown);
    };
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
    if (choices.record) q.set('record', choices.record);
    return q.toString();
  }, [flow, step, selection, choices.status, choices.role, choices.record]);
  const [preview, setPreview] = useState<PreviewInfo>();
  useEffect(() => { if (previewQuery) void fetchJson<PreviewInfo>(`/studio/api/preview?${previewQuery}`).then(setPreview); }, [previewQuery, overview?.version]);

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
        <span className="reloaded" data-api={overview.api.state}>{t(`studio.api.${overview.api.state}`, { message: overview.api.message ?? '', s: Math.round((overview.api.ms ?? 0) / 1000) })}</span>
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
                        onClick={() => choose({ flow: f.id, step: s.id, status: undefined, role: undefined, record: undefined })}>{s.title ? <>{s.title} <code>{s.id}</code></> : s.id}</button>
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
              <select value={choices.status ?? ''} onChange={(e) => choose({ status: e.target.value, record: undefined })} disabled={statuses.length === 0}>
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
            <label>
              {t('studio.record')}
              <select name="record" value={preview?.scenario?.key ?? (preview?.sample ? 'file' : '')} onChange={(e) => choose({ record: e.target.value })}>
                {(preview?.records ?? []).map((r) => <option key={r.key} value={r.key} title={r.summary}>{r.key === 'file' ? r.summary : `${r.key}: ${r.summary}`}</option>)}
              </select>
            </label>
            <a href={`/preview.html?${previewQuery}`} target="_blank" rel="noreferrer">{t('studio.preview.open')}</a>
          </div>
          <p className="note">{preview?.scenario ? t('studio.record.scenario', { key: preview.scenario.key, summary: preview.scenario.summary }) : preview?.sample ? t('studio.sample', { file: preview.sample }) : t('studio.sample.none', { flow: flow.id })}</p>
          <div className="beside">
            <iframe title={t('studio.preview')} src={`/preview.html?${previewQuery}`} data-preview={previewQuery} />
            <aside aria-label={t('studio.lint.beside')} data-lint-version={overview.lintVersion}>
              <h2 className={overview.findings.length ? 'error' : undefined}>{overview.findings.length ? t('studio.lint.count', { count: overview.findings.length }) : t('studio.lint.clean')}</h2>
              {flowFindings.length ? <><h3>{t('studio.lint.flow')}</h3>{flowFindings.map((f, i) => <FindingView key={i} finding={f} />)}</> : null}
              {overview.findings.filter((f) => !flowFindings.includes(f)).map((f, i) => <FindingView key={i} finding={f} />)}
            </aside>
          </div>
          <StepTexts t={t} selection={selection} query={`${selectionQuery(selection)}&flow=${flow.id}&step=${step.id}`} version={overview.version} />
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
                        <button type="button" onClick={() => choose({ flow: f.id, step: f.steps[0]?.id, sel: String(i), status: undefined, role: undefined, record: undefined })}>{t('studio.preview')}</button>
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

function StepTexts({ t, query, version, selection }: { t: T; query: string; version: number; selection?: Record<string, string> }) {
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
              <td><EditValue t={t} kind="messages" name={x.key} value={x.text} selection={selection} /></td>
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
            {typeof answer.value === 'object' ? null : <EditValue t={t} kind={answer.kind === 'settings' ? 'settings' : 'messages'} name={answer.key} value={String(answer.value)} selection={selection} />}
            {answer.setBy ? <p>{t('studio.provenance.winner')}: <b>{answer.setBy.layer ?? ''}</b> <code className="set-by"><Where at={answer.setBy} /></code></p> : null}
            <p className="note">{t('studio.provenance.chain')}</p>
            <ol>{answer.chain.map((c, i) => <li key={i}><b>{c.layer}</b> <code><Where at={c} /></code> <code>{JSON.stringify(c.value)}</code></li>)}</ol>
          </div>
        ) : <p>{t('studio.provenance.notFound')}</p>
      ) : null}
    </section>
  );
}

/**
 * A text or setting written in place (POST /studio/api/edit): into the layer that sets it now, or the one picked
 * (GET /studio/api/targets); lint refuses a change that adds a finding, and says which.
 */
function EditValue({ t, kind, name, value, selection }: { t: T; kind: 'messages' | 'settings'; name: string; value: string; selection?: Record<string, string> }) {
  const [text, setText] = useState(value);
  const [targets, setTargets] = useState<Target[]>();
  const [file, setFile] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; file?: string; line?: number; ms?: number; error?: string; findings?: Finding[] }>();
  useEffect(() => { setText(value); }, [value]);
  const open = () => {
    if (targets) return;
    void fetchJson<Target[]>(`/studio/api/targets?${selectionQuery(selection)}&kind=${kind}&key=${encodeURIComponent(name)}`).then((list) => {
      setTargets(list);
      const winner = list.find((x) => x.winner);
      setFile(winner ? `${winner.file}#${winner.at ?? ''}` : '');
    });
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const [target, at] = file.split('#');
    const res = await fetch('/studio/api/edit', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind, key: name, text, selection: selection ?? {}, ...(target ? { file: target, at: at || undefined } : {}) }),
    });
    setAnswer(await res.json() as typeof answer);
  };
  return (
    <form className="edit" onSubmit={(e) => void save(e)} onFocus={open} data-edit={name}>
      <textarea name="text" aria-label={t('studio.edit.text', { key: name })} value={text} rows={Math.min(4, Math.ceil(text.length / 60) || 1)} onChange={(e) => setText(e.target.value)} />
      {targets ? (
        <select name="layer" aria-label={t('studio.edit.layer')} value={file} onChange={(e) => setFile(e.target.value)}>
          {file === '' ? <option value="">{t('studio.edit.layer.choose')}</option> : null}
          {targets.map((x) => <option key={`${x.file}#${x.at ?? ''}`} value={`${x.file}#${x.at ?? ''}`}>{`${x.layer}: ${x.file}${x.at ? ` ${x.at}` : ''}${x.sets ? ` (${t(x.winner ? 'studio.edit.layer.wins' : 'studio.edit.layer.sets')})` : ''}`}</option>)}
        </select>
      ) : null}
      <button type="submit" disabled={text === value}>{t('studio.edit.save')}</button>
      {answer?.ok ? <span className="note" role="status">{t('studio.edit.saved', { ms: answer.ms ?? 0 })} <Where at={{ file: answer.file ?? '', line: answer.line ?? 1, column: 1 }} /></span> : null}
      {answer && !answer.ok ? <div role="alert" className="error">{answer.error}{(answer.findings ?? []).map((f, i) => <FindingView key={i} finding={f} />)}</div> : null}
    </form>
  );
}

let mermaidReady: Promise<typeof import('mermaid').default> | undefined;
let diagramCount = 0;

/** Mermaid text drawn as a picture (mermaid, loaded on first use; the studio page only), the text under it on demand. */
function Mermaid({ text, kind, t }: { text: string; kind: string; t: T }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let live = true;
    mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', flowchart: { htmlLabels: true, useMaxWidth: false } });
      return mermaid;
    });
    void mermaidReady.then((mermaid) => mermaid.render(`diagram-${++diagramCount}`, text)).then(({ svg }) => {
      if (live && ref.current) { ref.current.innerHTML = svg; setFailed(undefined); }
    }, (e: unknown) => { if (live) setFailed(String(e)); });
    return () => { live = false; };
  }, [text]);
  return (
    <>
      <div className="diagram" ref={ref} data-diagram={kind} />
      {failed ? <p className="error">{failed}</p> : null}
      <details><summary className="note">{t('studio.diagram.source')}</summary><pre>{text}</pre></details>
    </>
  );
}

function Diagram({ t, query, version }: { t: T; query: string; version: number }) {
  const [diagram, setDiagram] = useState<{ flowchart: string; status?: string }>();
  useEffect(() => { void fetchJson<typeof diagram>(`/studio/api/diagram?${query}`).then(setDiagram); }, [query, version]);
  if (!diagram) return null;
  return (
    <section aria-label={t('studio.diagram')}>
      <h2>{t('studio.diagram')}</h2>
      <Mermaid t={t} text={diagram.flowchart} kind="flowchart" />
      {diagram.status ? <><h2>{t('studio.diagram.status')}</h2><Mermaid t={t} text={diagram.status} kind="status" /></> : null}
    </section>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><Studio /></StrictMode>);
