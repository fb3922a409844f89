import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useState } from 'react';
import type { ImageBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

// With `fit`, the height is reserved before the picture arrives (its `height` attribute), so nothing below it
// moves: `contain` scales the picture inside that box, `cover` fills the column's width at that height.
const useStyles = makeStyles({
  image: { display: 'block', maxWidth: '100%', width: 'auto', objectFit: 'contain' },
  // Cropped at the right: a wide picture's message (a hero's words) usually starts at its left.
  cover: { width: '100%', objectFit: 'cover', objectPosition: 'left center' },
});

/** An image from `src` (logic); nothing when the source is empty or fails to load. With `href`, a link. */
export function ImageBlockView({ block }: { block: ImageBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context } = useStep();
  const src = logic.evaluate(block.src, context);
  // The source that failed to load (a missing file): hidden rather than a broken picture; a new source is tried.
  const [failed, setFailed] = useState<string | null>(null);
  if (typeof src !== 'string' || !src || failed === src) return null;
  const img = <img className={mergeClasses(styles.image, block.fit === 'cover' && styles.cover)} src={src} onError={() => setFailed(src)} alt={t(block.alt, context)} height={block.fit ? block.height : undefined} style={block.height ? { maxHeight: `${block.height}px` } : undefined} />;
  const href = block.href === undefined ? undefined : logic.evaluate(block.href, context);
  return typeof href === 'string' && href ? <a href={href}>{img}</a> : img;
}
