import type { DefinitionSet, FlowDef, Logic } from '../types';
import { toPointer } from '../source/pointer';
import { eachBlock, eachTransition } from '../flow/walkFlow';
import { templateParts } from '../logic/template';
import { knownLogicNames } from './knownLogic';
import { closest } from '../source/didYouMean';

/** A name or expression some definition refers to, with where it sits. */
export interface Reference {
  kind: 'message' | 'widget' | 'effect' | 'operation' | 'logic' | 'format';
  /** The referenced name (for `logic`: empty). */
  name: string;
  logic?: Logic;
  file: string;
  pointer: string;
  /** Schema ids whose fields `form.*` paths of this expression may name. */
  formSchemas?: string[];
}

/** uiSchema keys whose values are message keys. */
export const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help', 'ui:prefix'];
/** uiSchema keys holding logic. */
export const UI_LOGIC_KEYS = ['ui:visibleWhen', 'ui:enabledWhen'];

/** Every reference in flows, layers, schemas and uiSchemas. */
export function collectReferences(defs: DefinitionSet): Reference[] {
  const out: Reference[] = [];
  const ops = knownLogicNames(defs);
  for (const [id, flow] of Object.entries(defs.flows)) out.push(...flowReferences(flow, defs.flowFiles[id], ops));
  for (const [file, layer] of Object.entries(defs.layerFiles)) {
    const bodies: [string, typeof layer][] = [['', layer], ...Object.entries(layer.layers ?? {}).map(([name, body]) => [toPointer(['layers', name]), body] as [string, typeof layer])];
    for (const [at, body] of bodies) {
      for (const [name, format] of Object.entries(body.formats ?? {})) {
        if (typeof format?.message === 'string') out.push({ kind: 'message', name: format.message, file, pointer: `${at}${toPointer(['formats', name, 'message'])}` });
      }
    }
  }
  for (const [id, schema] of Object.entries(defs.schemas)) out.push(...schemaReferences(schema, `schemas/${id}.json`, ''));
  for (const [id, ui] of Object.entries(defs.uiSchemas)) out.push(...uiReferences(ui, `schemas/${id}.ui.json`, '', id));
  return out;
}

function flowReferences(flow: FlowDef, file: string, ops: string[]): Reference[] {
  const operations: ReadonlySet<string> = new Set(ops);
  const out: Reference[] = [];
  const message = (name: unknown, pointer: string) => {
    if (typeof name === 'string') out.push({ kind: 'message', name, file, pointer });
  };
  const logic = (value: Logic, pointer: string, formSchemas?: string[]) => {
    if (value !== undefined) out.push({ kind: 'logic', name: '', logic: value, file, pointer, formSchemas });
  };
  // A template (effect variables, set values, queries, vars, widget props): literal objects around logic.
  // A one-key literal whose key is close to an operation name is most likely a mistyped operation:
  // it is checked as logic, so lint reports it with a hint.
  const template = (value: unknown, pointer: string, formSchemas?: string[]) => {
    for (const part of [...locatedParts(value, pointer, operations), ...templateTypos(value, ops, pointer)]) logic(part.logic as Logic, part.pointer, formSchemas);
  };
  message(flow.title, '/title');
  for (const [role, value] of Object.entries(flow.roles ?? {})) logic(value, toPointer(['roles', role]));
  for (const key of ['footerBackground', 'footerColour', 'headerBackground', 'headerColour'] as const) template(flow.layout?.[key], toPointer(['layout', key]));
  for (const [stepId, step] of Object.entries(flow.steps ?? {})) {
    message(step?.title, toPointer(['steps', stepId, 'title']));
    logic(step?.layout?.header, toPointer(['steps', stepId, 'layout', 'header']));
    logic(step?.when, toPointer(['steps', stepId, 'when']));
    for (const [name, load] of Object.entries(step?.load ?? {})) {
      const at = toPointer(['steps', stepId, 'load', name]);
      out.push({ kind: 'operation', name: load?.call, file, pointer: `${at}/call` });
      logic(load?.when, `${at}/when`);
      for (const [k, v] of Object.entries(load?.variables ?? {})) template(v, `${at}/variables/${k}`);
    }
    for (const [role, entries] of Object.entries(step?.writable ?? {})) {
      (entries ?? []).forEach((entry, i) => {
        if (typeof entry !== 'object' || entry === null) return;
        (entry.via ?? []).forEach((name, j) => out.push({ kind: 'operation', name, file, pointer: `${toPointer(['steps', stepId, 'writable', role, i])}/via/${j}` }));
        logic(entry.lockedWhen, `${toPointer(['steps', stepId, 'writable', role, i])}/lockedWhen`);
        message(entry.message, `${toPointer(['steps', stepId, 'writable', role, i])}/message`);
      });
    }
    (step?.completion ?? []).forEach((completion, i) => {
      const at = toPointer(['steps', stepId, 'completion', i]);
      (completion?.sections ?? []).forEach((section, j) => message(section?.message, `${at}/sections/${j}/message`));
      (completion?.rules ?? []).forEach((rule, j) => {
        message(rule?.message, `${at}/rules/${j}/message`);
        logic(rule?.when, `${at}/rules/${j}/when`);
      });
    });
  }
  const stepSchemas = (step: string) => eachBlock(flow).filter((b) => b.step === step && b.block?.type === 'form').map((b) => (b.block as { schema: string }).schema);
  for (const site of eachTransition(flow)) {
    const schemas = stepSchemas(site.step);
    logic(site.transition?.guard, `${site.pointer}/guard`, schemas);
    for (const [k, v] of Object.entries(site.transition?.query ?? {})) template(v, `${site.pointer}/query/${k}`, schemas);
    (site.transition?.effects ?? []).forEach((effect, i) => {
      const at = `${site.pointer}/effects/${i}`;
      logic(effect.when, `${at}/when`, schemas);
      if ('call' in effect) {
        out.push({ kind: 'operation', name: effect.call, file, pointer: `${at}/call` });
        for (const [k, v] of Object.entries(effect.variables ?? {})) template(v, `${at}/variables/${k}`, schemas);
      } else if ('set' in effect) {
        template(effect.value, `${at}/value`, schemas);
      } else if ('navigate' in effect) {
        template(effect.navigate, `${at}/navigate`, schemas);
      } else if ('effect' in effect) {
        out.push({ kind: 'effect', name: effect.effect, file, pointer: `${at}/effect` });
        for (const [k, v] of Object.entries(effect.params ?? {})) template(v, `${at}/params/${k}`, schemas);
      }
    });
  }
  for (const { block, pointer, step } of eachBlock(flow)) {
    if (!block) continue;
    const schemas = block.type === 'form' ? [block.schema] : stepSchemas(step);
    logic(block.visibleWhen, `${pointer}/visibleWhen`, schemas);
    switch (block.type) {
      case 'form':
        message(block.submitLabel, `${pointer}/submitLabel`);
        logic(block.submitEnabledWhen, `${pointer}/submitEnabledWhen`, schemas);
        (block.rules ?? []).forEach((rule, i) => {
          message(rule?.message, `${pointer}/rules/${i}/message`);
          logic(rule?.when, `${pointer}/rules/${i}/when`, schemas);
        });
        for (const [field, map] of Object.entries(block.messages ?? {})) {
          for (const [keyword, key] of Object.entries(map ?? {})) message(key, `${pointer}${toPointer(['messages', field, keyword])}`);
        }
        for (const [field, map] of Object.entries(block.untouchedMessages ?? {})) {
          for (const [keyword, key] of Object.entries(map ?? {})) message(key, `${pointer}${toPointer(['untouchedMessages', field, keyword])}`);
        }
        break;
      case 'text':
        message(block.text, `${pointer}/text`);
        for (const [k, v] of Object.entries(block.vars ?? {})) template(v, `${pointer}/vars/${k}`, schemas);
        break;
      case 'button':
        message(block.label, `${pointer}/label`);
        logic(block.enabledWhen, `${pointer}/enabledWhen`, schemas);
        for (const [k, v] of Object.entries(block.vars ?? {})) template(v, `${pointer}/vars/${k}`, schemas);
        for (const [k, v] of Object.entries(block.payload ?? {})) template(v, `${pointer}/payload/${k}`, schemas);
        for (const [k, v] of Object.entries(block.set ?? {})) template(v, `${pointer}${toPointer(['set', k])}`, schemas);
        break;
      case 'group':
        message(block.title, `${pointer}/title`);
        logic(block.openWhen, `${pointer}/openWhen`, schemas);
        logic(block.enabledWhen, `${pointer}/enabledWhen`, schemas);
        logic(block.doneWhen, `${pointer}/doneWhen`, schemas);
        for (const [k, v] of Object.entries(block.vars ?? {})) template(v, `${pointer}/vars/${k}`, schemas);
        break;
      case 'choice':
        message(block.label, `${pointer}/label`);
        message(block.selectAll, `${pointer}/selectAll`);
        message(block.placeholder, `${pointer}/placeholder`);
        (block.options ?? []).forEach((o, i) => message(o?.label, `${pointer}/options/${i}/label`));
        logic(block.optionsFrom, `${pointer}/optionsFrom`, schemas);
        logic(block.optionValue, `${pointer}/optionValue`, schemas);
        logic(block.optionLabel, `${pointer}/optionLabel`, schemas);
        logic(block.value, `${pointer}/value`, schemas);
        logic(block.enabledWhen, `${pointer}/enabledWhen`, schemas);
        break;
      case 'slider':
        message(block.label, `${pointer}/label`);
        message(block.placeholder, `${pointer}/placeholder`);
        message(block.min?.label, `${pointer}/min/label`);
        message(block.max?.label, `${pointer}/max/label`);
        for (const key of ['from', 'to', 'step', 'default', 'valueLabel', 'enabledWhen'] as const) logic(block[key], `${pointer}/${key}`, schemas);
        logic(block.min?.default, `${pointer}/min/default`, schemas);
        logic(block.max?.default, `${pointer}/max/default`, schemas);
        break;
      case 'upload':
        message(block.label, `${pointer}/label`);
        message(block.buttonLabel, `${pointer}/buttonLabel`);
        message(block.hint, `${pointer}/hint`);
        message(block.removeLabel, `${pointer}/removeLabel`);
        for (const [k, v] of Object.entries(block.messages ?? {})) message(v, `${pointer}/messages/${k}`);
        for (const key of ['accept', 'maxFiles', 'maxSize', 'enabledWhen'] as const) logic(block[key], `${pointer}/${key}`, schemas);
        if (block.call) out.push({ kind: 'operation', name: block.call, file, pointer: `${pointer}/call` });
        for (const [k, v] of Object.entries(block.variables ?? {})) template(v, `${pointer}/variables/${k}`, schemas);
        break;
      case 'combobox':
        message(block.label, `${pointer}/label`);
        message(block.placeholder, `${pointer}/placeholder`);
        message(block.hint, `${pointer}/hint`);
        message(block.invalidMessage, `${pointer}/invalidMessage`);
        for (const key of ['optionsFrom', 'optionValue', 'optionLabel', 'autoPickAfterMs', 'invalidWhen', 'enabledWhen'] as const) logic(block[key], `${pointer}/${key}`, schemas);
        break;
      case 'input':
        message(block.label, `${pointer}/label`);
        message(block.placeholder, `${pointer}/placeholder`);
        message(block.hint, `${pointer}/hint`);
        logic(block.enabledWhen, `${pointer}/enabledWhen`, schemas);
        break;
      case 'list':
        message(block.empty, `${pointer}/empty`);
        logic(block.items, `${pointer}/items`, schemas);
        break;
      case 'link':
        message(block.label, `${pointer}/label`);
        logic(block.href, `${pointer}/href`, schemas);
        break;
      case 'image':
        message(block.alt, `${pointer}/alt`);
        logic(block.src, `${pointer}/src`, schemas);
        break;
      case 'html':
        logic(block.html, `${pointer}/html`, schemas);
        break;
      case 'stepper':
        (block.steps ?? []).forEach((s, i) => message(s?.label, `${pointer}/steps/${i}/label`));
        break;
      case 'dialog':
        message(block.title, `${pointer}/title`);
        logic(block.openWhen, `${pointer}/openWhen`, schemas);
        break;
      case 'frame':
        message(block.title, `${pointer}/title`);
        logic(block.src, `${pointer}/src`, schemas);
        break;
      case 'widget':
        out.push({ kind: 'widget', name: block.widget, file, pointer: `${pointer}/widget` });
        template(block.props, `${pointer}/props`, schemas);
        break;
      default:
        break;
    }
  }
  for (const [tracker, def] of Object.entries(flow.progress ?? {})) {
    (def?.rows ?? []).forEach((row, i) => {
      message(row?.label, toPointer(['progress', tracker, 'rows', i, 'label']));
      message(row?.info?.label, toPointer(['progress', tracker, 'rows', i, 'info', 'label']));
    });
  }
  return out;
}

function schemaReferences(node: unknown, file: string, pointer: string): Reference[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => schemaReferences(child, file, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const out: Reference[] = [];
  const record = node as Record<string, unknown>;
  if (typeof record.format === 'string') out.push({ kind: 'format', name: record.format, file, pointer: `${pointer}/format` });
  const messages = record['x-messages'];
  if (messages && typeof messages === 'object') {
    for (const [keyword, key] of Object.entries(messages)) if (typeof key === 'string') out.push({ kind: 'message', name: key, file, pointer: `${pointer}${toPointer(['x-messages', keyword])}` });
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === 'x-messages' || key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    if (value && typeof value === 'object') out.push(...schemaReferences(value, file, `${pointer}${toPointer([key])}`));
  }
  return out;
}

function uiReferences(node: unknown, file: string, pointer: string, schemaId: string): Reference[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
  const out: Reference[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}${toPointer([key])}`;
    if (UI_TEXT_KEYS.includes(key) && typeof value === 'string') out.push({ kind: 'message', name: value, file, pointer: at });
    else if (key === 'ui:enumNames' && Array.isArray(value)) value.forEach((v, i) => out.push({ kind: 'message', name: String(v), file, pointer: `${at}/${i}` }));
    else if (key === 'ui:widget' && typeof value === 'string') out.push({ kind: 'widget', name: value, file, pointer: at });
    else if (UI_LOGIC_KEYS.includes(key)) out.push({ kind: 'logic', name: '', logic: value, file, pointer: at, formSchemas: [schemaId] });
    else if (!key.startsWith('ui:')) out.push(...uiReferences(value, file, at, schemaId));
  }
  return out;
}

/** The logic parts of a template (as {@link templateParts} finds them), each with its pointer. */
function locatedParts(template: unknown, pointer: string, operations: ReadonlySet<string>): { logic: unknown; pointer: string }[] {
  if (Array.isArray(template)) return template.flatMap((item, i) => locatedParts(item, `${pointer}/${i}`, operations));
  if (template === null || typeof template !== 'object') return [];
  if (templateParts(template, operations)[0] === template) return [{ logic: template, pointer }];
  return Object.entries(template).flatMap(([key, value]) => locatedParts(value, `${pointer}${toPointer([key])}`, operations));
}

/** One-key literal objects of a template whose key looks like a mistyped operation name, with their pointers. */
function templateTypos(template: unknown, ops: string[], pointer: string): { logic: unknown; pointer: string }[] {
  if (Array.isArray(template)) return template.flatMap((t, i) => templateTypos(t, ops, `${pointer}/${i}`));
  if (template === null || typeof template !== 'object') return [];
  const keys = Object.keys(template);
  if (keys.length === 1 && ops.includes(keys[0])) return [];
  if (keys.length === 1 && keys[0].length >= 4 && closest(keys[0], ops, false) !== undefined) return [{ logic: template, pointer }];
  return Object.entries(template).flatMap(([key, t]) => templateTypos(t, ops, `${pointer}${toPointer([key])}`));
}
