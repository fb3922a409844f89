import { Badge, Body1, Caption1, makeStyles, Spinner, Subtitle1, Title2, tokens, typographyStyles } from '@fluentui/react-components';
import type { TextBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { SanitizedHtml } from './HtmlBlockView';
import { useVars } from './useVars';

const useStyles = makeStyles({
  // Headings and paragraphs space by the block list's gap, not the browser's default margins.
  flush: { margin: 0 },
  // Information (a confirmation, what happens next): the brand's colour at its edge, not a warning's yellow.
  notice: {
    boxSizing: 'border-box', width: '100%', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandBackground}`,
  },
  // As wide as a form at most: an alert usually speaks about the form below it.
  alert: {
    boxSizing: 'border-box', width: '100%', maxWidth: '40rem', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
  },
  // Markup's own paragraphs and lists keep a small gap, not the browser's larger default.
  html: { ...typographyStyles.body1, '& > :first-child': { marginTop: 0 }, '& > :last-child': { marginBottom: 0 }, '& a': { color: tokens.colorBrandForegroundLink } },
  bullets: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  introduced: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
});

/** A heading, paragraph, notice (information), badge (a short state), bullet list (a first line ending in ':' its intro), (sanitised) HTML or a spinner with its text: `text` is a message key whose `{path}` placeholders read the step context and `vars`. */
export function TextBlockView({ block }: { block: TextBlock }) {
  const styles = useStyles();
  const { t } = useRuntime();
  const { context } = useStep();
  const text = t(block.text, useVars(block.vars, context));
  switch (block.variant) {
    case 'heading':
      return <Title2 as="h1" block className={styles.flush}>{text}</Title2>;
    case 'subheading':
      return <Subtitle1 as="h2" block className={styles.flush}>{text}</Subtitle1>;
    case 'caption':
      return <Caption1 as="p" block className={styles.flush}>{text}</Caption1>;
    case 'notice':
      return <div role="status" className={styles.notice}><Body1>{text}</Body1></div>;
    case 'alert':
      return <div role="alert" className={styles.alert}><Body1>{text}</Body1></div>;
    case 'bullets': {
      // One item a line; a first line ending in ':' introduces the list (e.g. 'You will need:'), it is not an item.
      const lines = text.split('\n').filter(Boolean);
      const intro = lines.length > 1 && lines[0].trimEnd().endsWith(':') ? lines.shift() : undefined;
      const list = <ul className={styles.bullets}>{lines.map((line, i) => <li key={i}><Body1>{line}</Body1></li>)}</ul>;
      return intro ? <div className={styles.introduced}><Body1 as="p" block className={styles.flush}>{intro}</Body1>{list}</div> : list;
    }
    case 'badge':
      // A short state beside what it describes (e.g. a signer's 'completed' or 'pending').
      return <Badge appearance="tint" color="brand" data-badge>{text}</Badge>;
    case 'busy':
      return <div role="status"><Spinner labelPosition="below" label={text} /></div>;
    case 'html':
      // A catalogue text holding markup (e.g. a brand's disclaimer): only the allow-listed part reaches the page.
      return <SanitizedHtml html={text} className={styles.html} />;
    default:
      return <Body1 as="p" block className={styles.flush}>{text}</Body1>;
  }
}
