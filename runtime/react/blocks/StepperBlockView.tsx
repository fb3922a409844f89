import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { StepperBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { useStepNumberStyles } from './stepNumberStyles';
import { NARROW_MAX } from './media';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, listStyleType: 'none', margin: 0, padding: 0, width: '100%' },
  done: { color: tokens.colorNeutralForeground2 },
  label: { [`@media (max-width: ${NARROW_MAX})`]: { display: 'none' } },
  currentLabel: { [`@media (max-width: ${NARROW_MAX})`]: { display: 'inline' } },
});

/** A horizontal stepper: numbered steps, the current one highlighted (`aria-current="step"`); on phones only its label shows. */
export function StepperBlockView({ block }: { block: StepperBlock }) {
  const styles = useStyles();
  const steps = useStepNumberStyles();
  const { t } = useRuntime();
  const { context, stepId } = useStep();
  const current = block.steps.findIndex((s) => s.step === stepId);
  return (
    <nav aria-label={t(block.steps[Math.max(current, 0)].label, context)} style={{ width: '100%' }}>
      <ol className={styles.list}>
        {block.steps.map((s, i) => (
          <li key={s.step} className={mergeClasses(steps.step, i === current && steps.reached, i < current && styles.done)} aria-current={i === current ? 'step' : undefined}>
            <span className={mergeClasses(steps.number, i === current && steps.reachedNumber)}>{i + 1}</span>
            <span className={mergeClasses(styles.label, i === current && styles.currentLabel)}>{t(s.label, context)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
