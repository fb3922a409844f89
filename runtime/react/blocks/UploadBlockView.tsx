import { Button, Label, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { getPath } from '../../core/source/pointer';
import type { UploadBlock } from '../../core/types';
import { BindingError } from '../bindings/createGraphQLClient';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, width: '100%', maxWidth: '40rem' },
  label: { fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground2 },
  // The native picker stays in the page (its `accept` filters the dialog) but is not shown: the button opens it.
  picker: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  item: {
    display: 'flex', alignItems: 'center', justifyContent: 'space-between', columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere',
  },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** One uploaded file as the bound list holds it. */
export interface UploadedFile {
  uuid: string;
  fileName: string;
  mimeType: string;
}

/** What the upload call answers (at least). */
interface SignedUpload {
  uuid?: string;
  signedUrl?: string;
  fileName?: string;
  mimeType?: string;
}

/** Whether a file matches one of `accept`'s entries: a name ending (`.pdf`), a MIME type, or a family (`image/*`). */
export function accepts(accept: string[], file: { name: string; type: string }): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return entry !== '' && type === entry;
  });
}

const listOf = (value: unknown): UploadedFile[] => (Array.isArray(value) ? (value as UploadedFile[]).filter((f) => f && typeof f === 'object') : []);
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * Files picked with a button (keyboard reachable; the native picker filtered by `accept`), each checked here
 * (type, size, count), then uploaded one after another: `call` answers an upload URL, the bytes are PUT there with
 * the file's own type, and the bound list (`{ uuid, fileName, mimeType }` per file) gains it, then `event` is raised
 * with `{ value }`. Each listed file has a remove button. A refusal shows under the list (`role="alert"`): the
 * definitions' text for a check made here, the server's text for a refused call or upload.
 */
export function UploadBlockView({ block }: { block: UploadBlock }) {
  const styles = useStyles();
  const rt = useRuntime();
  const { t, logic } = rt;
  const { context, write, busy } = useStep();
  const id = useId();
  const pickerRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const files = listOf(getPath(context, block.bind));
  const rawAccept = logic.evaluate(block.accept, context);
  const accept = Array.isArray(rawAccept) ? rawAccept.map(String) : [];
  const maxFiles = numberOr(logic.evaluate(block.maxFiles, context), Infinity);
  const maxSize = numberOr(logic.evaluate(block.maxSize, context), Infinity);
  const enabled = logic.holds(block.enabledWhen, context);
  const text = (key: string | undefined, vars: Record<string, unknown>, fallback?: string) =>
    key ? t(key, { ...context, ...vars, maxFiles, maxSize }) : fallback ?? '';

  /** The refusal text of a failed PUT: the catalogue's `<refusals>.<CODE>` when it has one. */
  const refusal = async (response: Response, fileName: string): Promise<string> => {
    const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    const code = typeof body?.error === 'string' ? body.error.toUpperCase() : '';
    const key = block.refusals && code ? `${block.refusals}.${code}` : undefined;
    if (key && rt.bundle.messages[key] !== undefined) return t(key, { ...context, fileName });
    return text(block.messages?.failed, { fileName }, code || String(response.status));
  };

  const uploadOne = async (file: File): Promise<UploadedFile | string | null> => {
    const vars = block.variables ? (logic.evaluateTemplate(block.variables, { ...context, item: { name: file.name, type: file.type, size: file.size } }) as Record<string, unknown>) : {};
    let signed: SignedUpload;
    try {
      signed = ((await rt.graphql.call(block.call ?? '', vars)) ?? {}) as SignedUpload;
    } catch (error) {
      const message = error instanceof BindingError ? error.message : '';
      return message || text(block.messages?.failed, { fileName: file.name });
    }
    // No upload URL: nothing happens (the file is not listed).
    if (!signed.signedUrl || !signed.uuid) return null;
    const response = await fetch(signed.signedUrl, { method: 'PUT', body: file, headers: { 'content-type': file.type || signed.mimeType || 'application/octet-stream' } })
      .catch(() => undefined);
    if (!response) return text(block.messages?.failed, { fileName: file.name });
    if (!response.ok) return refusal(response, file.name);
    return { uuid: signed.uuid, fileName: signed.fileName ?? file.name, mimeType: signed.mimeType ?? file.type };
  };

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    e.target.value = '';
    if (picked.length === 0) return;
    const found: string[] = [];
    let list = files;
    for (const file of picked) {
      const vars = { fileName: file.name };
      if (list.length >= maxFiles) { found.push(text(block.messages?.tooMany, vars)); break; }
      if (!accepts(accept, file)) { found.push(text(block.messages?.wrongType, vars)); continue; }
      if (file.size > maxSize) { found.push(text(block.messages?.tooBig, vars)); continue; }
      setUploading(file.name);
      const answer = await uploadOne(file);
      if (typeof answer === 'string') found.push(answer);
      else if (answer) {
        list = [...list, answer];
        await write(block.bind, list, block.event);
      }
    }
    setUploading(null);
    setErrors(found.filter(Boolean));
  };

  const remove = (uuid: string) => {
    setErrors([]);
    void write(block.bind, files.filter((f) => f.uuid !== uuid), block.event);
  };

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.group} role="group" aria-labelledby={labelId} aria-describedby={block.hint ? hintId : undefined} data-upload={block.id}>
      <Label id={labelId} className={styles.label}>{t(block.label, context)}</Label>
      {block.hint ? <Text id={hintId} className={styles.hint}>{t(block.hint, context)}</Text> : null}
      <input ref={pickerRef} type="file" multiple={maxFiles > 1} accept={accept.join(',') || undefined} className={styles.picker}
        tabIndex={-1} aria-hidden="true" onChange={(e) => void onPick(e)} data-upload-input={block.id} />
      <div>
        <Button appearance="secondary" disabled={!enabled || files.length >= maxFiles} disabledFocusable={enabled && (busy || uploading !== null)}
          aria-describedby={block.hint ? hintId : undefined} onClick={() => pickerRef.current?.click()}>
          {t(block.buttonLabel, context)}
        </Button>
      </div>
      {uploading ? <Spinner size="tiny" labelPosition="after" label={t('runtime.upload.uploading', { fileName: uploading })} role="status" /> : null}
      {files.length ? (
        <ul className={styles.list} aria-labelledby={labelId}>
          {files.map((f) => (
            <li key={f.uuid} className={styles.item}>
              <Text>{f.fileName}</Text>
              <Button appearance="subtle" size="small" onClick={() => remove(f.uuid)} disabled={!enabled}>
                {t(block.removeLabel, { ...context, fileName: f.fileName })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div role="alert">
        {errors.length ? <ul className={styles.error}>{errors.map((m, i) => <li key={i}>{m}</li>)}</ul> : null}
      </div>
    </div>
  );
}
