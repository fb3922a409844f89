import type { DefinitionError, DefinitionSet, FlowDef } from '../types';
import { didYouMean, errorAt, toPointer } from '../source';
import { eachBlock, eachTransition, eventsOf } from '../flow/walkFlow';
import { STATUS_TARGET } from '../flow/stepStatus';
import { isWritable, writablePath } from '../flow/writable';

/** Cross-file references every loader run checks: steps, schemas, trackers, statuses, roles. */
export function checkReferences(defs: DefinitionSet): DefinitionError[] {
  const errors: DefinitionError[] = [];
  for (const [id, flow] of Object.entries(defs.flows)) errors.push(...checkFlow(defs, defs.flowFiles[id], flow));
  return errors;
}

function checkFlow(defs: DefinitionSet, file: string, flow: FlowDef): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const at = (pointer: string, message: string, hint?: string) => errors.push(errorAt(defs.sources, file, pointer, message, hint));
  const steps = Object.keys(flow.steps ?? {});
  const statuses = flow.status?.order ?? [];
  const roles = flow.roles ? Object.keys(flow.roles) : undefined;
  const schemas = Object.keys(defs.schemas);

  const step = (pointer: string, name: unknown) => {
    if (typeof name !== 'string' || steps.includes(name)) return;
    if (name === STATUS_TARGET && pointer !== '/initial') {
      if (!flow.status) at(pointer, `target '${STATUS_TARGET}' needs a 'status' machine`, 'add status: { field, order } or name a step');
      return;
    }
    at(pointer, `unknown step '${name}'`, didYouMean(name, steps));
  };
  const status = (pointer: string, name: unknown) => {
    if (typeof name !== 'string') return;
    if (!flow.status) at(pointer, `status '${name}' set but the flow has no 'status' machine`, "add status: { field, order }");
    else if (!statuses.includes(name)) at(pointer, `unknown status '${name}'`, didYouMean(name, statuses));
  };
  const role = (pointer: string, names: unknown) => {
    if (!roles || !Array.isArray(names)) return;
    names.forEach((name, i) => {
      if (typeof name === 'string' && !roles.includes(name)) at(`${pointer}/${i}`, `unknown role '${name}'`, didYouMean(name, roles));
    });
  };

  step('/initial', flow.initial);
  status('/status/initial', flow.status?.initial);
  for (const [stepId, def] of Object.entries(flow.steps ?? {})) {
    const base = toPointer(['steps', stepId]);
    const own = def?.status;
    (Array.isArray(own) ? own : own === undefined ? [] : [own]).forEach((s, i) => status(Array.isArray(own) ? `${base}/status/${i}` : `${base}/status`, s));
    role(`${base}/roles`, def?.roles);
    for (const [r, entries] of Object.entries(def?.writable ?? {})) {
      if (roles && r !== '*' && !roles.includes(r)) at(`${base}/writable/${r}`, `unknown role '${r}'`, didYouMean(r, roles));
      // An entry's `schema`: a form schema with a property of the path's last name.
      (Array.isArray(entries) ? entries : []).forEach((entry, i) => {
        if (typeof entry !== 'object' || entry === null || typeof entry.schema !== 'string') return;
        const field = entry.path.slice(entry.path.lastIndexOf('.') + 1);
        if (!(entry.schema in defs.schemas)) at(`${base}/writable/${r}/${i}/schema`, `unknown schema '${entry.schema}'`, didYouMean(entry.schema, schemas));
        else if (!Object.keys((defs.schemas[entry.schema] as { properties?: Record<string, unknown> }).properties ?? {}).includes(field)) {
          at(`${base}/writable/${r}/${i}/schema`, `schema '${entry.schema}' has no property '${field}' (the path's last name)`, `add '${field}' to schemas/${entry.schema}.json, or name the schema whose property it is`);
        }
      });
    }
    // A completion flag nobody may write in its step would never be requested.
    const writable = Object.values(def?.writable ?? {}).flat().map(writablePath);
    (def?.completion ?? []).forEach((completion, i) => {
      if (typeof completion?.flag === 'string' && !isWritable(writable, completion.flag)) {
        at(`${base}/completion/${i}/flag`, `completion flag '${completion.flag}' is not writable in step '${stepId}'`, `add it (or a parent '.*') to the step's writable paths of the role that completes the step`);
      }
    });
  }
  for (const site of eachTransition(flow)) {
    step(`${site.pointer}/target`, site.transition?.target);
    status(`${site.pointer}/status`, site.transition?.status);
    role(`${site.pointer}/roles`, site.transition?.roles);
  }
  for (const site of eachBlock(flow)) {
    const block = site.block;
    if ((block?.type === 'form' || block?.type === 'inlineEdit') && typeof block.schema === 'string' && !(block.schema in defs.schemas)) {
      at(`${site.pointer}/schema`, `unknown schema '${block.schema}'`, didYouMean(block.schema, schemas));
    }
    // An inline edit checks its value by one property of its form schema.
    if (block?.type === 'inlineEdit' && typeof block.schema === 'string' && typeof block.field === 'string' && block.schema in defs.schemas) {
      const fields = Object.keys((defs.schemas[block.schema] as { properties?: Record<string, unknown> }).properties ?? {});
      if (!fields.includes(block.field)) at(`${site.pointer}/field`, `'${block.field}' is not a property of schema '${block.schema}'`, didYouMean(block.field, fields));
    }
    const events = eventsOf(flow, site.step);
    const [key, raised] = block?.type === 'button' ? ['event', block.event] : block?.type === 'form' ? ['submit', block.submit]
      : block?.type === 'choice' || block?.type === 'slider' || block?.type === 'input' || block?.type === 'upload' || block?.type === 'combobox' || block?.type === 'inlineEdit' ? ['event', block.event] : block?.type === 'dialog' ? ['closeEvent', block.closeEvent] : ['', undefined];
    if (typeof raised === 'string' && !events.includes(raised)) {
      at(`${site.pointer}/${key}`, `event '${raised}' is not handled by step '${site.step}'`, events.length ? didYouMean(raised, events) : `add on: { ${raised}: { target: ... } } to the step`);
    }
    // A slider's scale written as numbers: from below to, a positive step (logic is checked when it renders).
    if (block?.type === 'slider') {
      const { from, to, step } = block;
      if (typeof from === 'number' && typeof to === 'number' && !(from < to)) at(`${site.pointer}/to`, `slider scale from ${from} to ${to} is empty`, 'give to a value above from');
      if (step !== undefined && typeof step === 'number' && !(step > 0)) at(`${site.pointer}/step`, `slider step ${step} is not above 0`, 'give step a positive number, e.g. 1');
    }
    // A frame's page raises the events it lists in this step (the notifyParent effect).
    if (block?.type === 'frame') {
      (Array.isArray(block.events) ? block.events : []).forEach((event, i) => {
        if (typeof event === 'string' && !events.includes(event)) {
          at(`${site.pointer}/events/${i}`, `event '${event}' is not handled by step '${site.step}'`, events.length ? didYouMean(event, events) : `add on: { ${event}: { target: ... } } to the step`);
        }
      });
    }
    // A progress block may show another flow's tracker (`flow`), e.g. a screen flow showing its journey's steps.
    const tracked = block?.type === 'progress' && typeof block.flow === 'string' ? defs.flows[block.flow] : flow;
    if (block?.type === 'progress' && typeof block.flow === 'string' && !tracked) {
      at(`${site.pointer}/flow`, `unknown flow '${block.flow}'`, didYouMean(block.flow, Object.keys(defs.flows)));
    } else if (block?.type === 'progress' && typeof block.tracker === 'string' && !Object.keys(tracked.progress ?? {}).includes(block.tracker)) {
      const known = Object.keys(tracked.progress ?? {});
      at(`${site.pointer}/tracker`, `unknown progress tracker '${block.tracker}'${tracked === flow ? '' : ` of flow '${tracked.id}'`}`, didYouMean(block.tracker, known));
    } else if (block?.type === 'progress' && typeof block.tracker === 'string') {
      const rows = tracked.progress?.[block.tracker]?.rows ?? [];
      const ids = rows.map((r) => r?.id);
      (Array.isArray(block.rows) ? block.rows : []).forEach((id, i) => {
        if (typeof id === 'string' && !ids.includes(id)) at(`${site.pointer}/rows/${i}`, `tracker '${block.tracker}' has no row '${id}'`, didYouMean(id, ids.filter((x): x is string => typeof x === 'string')));
      });
      // A row's info button raises its event in the step that shows the tracker.
      for (const row of rows) {
        const raised = row?.info?.event;
        if (typeof raised === 'string' && (!Array.isArray(block.rows) || block.rows.includes(row.id)) && !events.includes(raised)) {
          at(`${site.pointer}/tracker`, `row '${row.id}' of tracker '${block.tracker}' raises '${raised}', which step '${site.step}' does not handle`, events.length ? didYouMean(raised, events) : `add on: { ${raised}: { ... } } to the step`);
        }
      }
    }
  }
  for (const [tracker, def] of Object.entries(flow.progress ?? {})) {
    (def?.rows ?? []).forEach((row, i) => status(toPointer(['progress', tracker, 'rows', i, 'status']), row?.status));
  }
  return errors;
}
