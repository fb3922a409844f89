import { Button, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import { usePageValue, type BlockWidgetProps } from '../../runtime/react';
import { coreLogicOps } from '../../runtime/core/logic/ops';
import { businessNumberCheck } from '../businessNumbers';

/** Message keys the lookup shows (listed in extensions/manifest.yaml); region layers word them (ABN / NZBN). */
export const BUSINESS_LOOKUP_KEYS = {
  label: 'calculator.enquiry.business', hint: 'calculator.enquiry.businessHint', noResults: 'calculator.enquiry.noResults',
  searching: 'calculator.enquiry.searching', number: 'calculator.enquiry.businessId', required: 'validation.required',
  minLength: 'validation.minLength',
} as const;

const useStyles = makeStyles({
  root: { width: '100%', maxWidth: '40rem', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  option: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightRegular },
});

type Row = Record<string, unknown>;
interface Lookup { query?: string; selected?: Row | null; invalid?: boolean }

/**
 * Business search (ABN / NZBN or name): typing writes `state.<path>.query` (the step's `load` of
 * getBusinessInfo runs 300 ms after the last keystroke); picking a row writes `selected`. Shows at
 * most `maxResults` rows and 'No results found.' for none or a failed search. A full business number whose
 * check fails (the region's validator, as the server checks it) writes `invalid: true` and shows
 * 'No results found.' without asking the server (the step's `load` skips it).
 * Props: path (state path of the lookup), lookup (its value), result (the load's state), minLength, maxResults,
 * businessNumber (the region's `settings.businessNumber`).
 */
export function BusinessLookup({ props, t, write }: BlockWidgetProps) {
  const styles = useStyles();
  const path = String(props.path ?? 'state.lookup');
  const lookup = (props.lookup ?? {}) as Lookup;
  const result = (props.result ?? { status: 'idle' }) as { status: string; value?: { rows?: Row[] } };
  const min = Number(props.minLength) || 2;
  const [touched, setTouched] = useState(false);
  const rule = props.businessNumber;
  const numbers = useMemo(() => (rule ? businessNumberCheck({ businessNumber: rule }) : null), [rule]);
  const invalidNumber = (text: string) => {
    const number = numbers?.fullNumber(text.trim());
    return !!number && !numbers?.valid(number);
  };
  const search = (text: string) => write(path, { query: text, selected: null, invalid: invalidNumber(text) });
  // Typed on the server's page before the app: searched for as if typed now.
  const input = useRef<HTMLInputElement>(null);
  usePageValue(input, search);
  const query = lookup.query ?? '';
  const selected = lookup.selected ?? null;
  const invalid = !selected && !!lookup.invalid;
  const rows = invalid ? [] : (result.value?.rows ?? []).slice(0, Number(props.maxResults) || 6);
  const searching = !selected && query.trim().length >= min;
  const error = touched && !selected ? (query.trim().length > 0 && query.trim().length < min ? t(BUSINESS_LOOKUP_KEYS.minLength, { n: min }) : t(BUSINESS_LOOKUP_KEYS.required)) : undefined;
  return (
    <div className={styles.root}>
      <Field label={t(BUSINESS_LOOKUP_KEYS.label)} required hint={t(BUSINESS_LOOKUP_KEYS.hint)} validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input ref={input} value={selected ? String(selected.name ?? '') : query} autoComplete="off" data-lookup="business"
          onChange={(_, d) => search(d.value)} onBlur={() => setTouched(true)} />
      </Field>
      {searching && !invalid && result.status === 'loading' ? <Spinner size="extra-tiny" label={t(BUSINESS_LOOKUP_KEYS.searching)} /> : null}
      {searching && (invalid || result.status === 'error' || (result.status === 'done' && rows.length === 0)) ? <div role="status">{t(BUSINESS_LOOKUP_KEYS.noResults)}</div> : null}
      {searching && result.status === 'done' && rows.length > 0 ? (
        <ul className={styles.list} aria-label={t(BUSINESS_LOOKUP_KEYS.label)}>
          {rows.map((row, i) => (
            <li key={`${String(row.abn)}-${i}`}>
              {/* mousedown keeps the focus in the search box, so its blur (and error) does not move the row away mid-click */}
              <Button appearance="subtle" className={styles.option} data-business={String(row.abn ?? '')}
                onMouseDown={(e) => e.preventDefault()} onClick={() => write(path, { query: String(row.name ?? ''), selected: row })}>
                {`${String(row.name ?? '')} · ${t(BUSINESS_LOOKUP_KEYS.number, { abn: coreLogicOps.groupDigits(row.abn, (rule as { groups?: unknown } | undefined)?.groups) })}${row.stateCode ? ` · ${String(row.stateCode)} ${String(row.postCode ?? '')}` : ''}`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
