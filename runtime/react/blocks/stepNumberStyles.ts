import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A numbered step as the stepper and the progress block's `steps` variant draw it: a muted row with a round
 * number, the number filled with the brand colour and the text darker while the step is reached.
 */
export const useStepNumberStyles = makeStyles({
  step: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  number: {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '1.75rem', height: '1.75rem', borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold, flexShrink: 0,
  },
  reached: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  reachedNumber: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand, border: 'none' },
});
