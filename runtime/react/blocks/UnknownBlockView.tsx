import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useRuntime } from '../RuntimeContext';

/** The catalogue text shown in place of a block of a type this runtime does not know (`{type}`: the type). */
export const UNKNOWN_BLOCK_KEY = 'runtime.unknownBlock';

const useStyles = makeStyles({
  notice: {
    boxSizing: 'border-box', width: '100%', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1, border: `${tokens.strokeWidthThin} dashed ${tokens.colorPaletteYellowBorder2}`,
  },
});

/**
 * A visible notice where a block of an unknown type stands (definitions newer than the runtime, or a
 * type lint would have refused), so the gap shows instead of vanishing; warned once in the console.
 */
export function UnknownBlockView({ type }: { type: unknown }) {
  const styles = useStyles();
  const { t, onMissing } = useRuntime();
  const name = String(type);
  useEffect(() => onMissing(`unknown block type '${name}' (a notice is shown in its place)`), [name, onMissing]);
  return <div role="status" data-unknown-block={name} className={styles.notice}><Body1>{t(UNKNOWN_BLOCK_KEY, { type: name })}</Body1></div>;
}
