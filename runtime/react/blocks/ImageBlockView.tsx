import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useState } from 'react';
import type { ImageBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

// With `fit`, the height is reserved before the picture arrives (its `height` attribute), so nothing below it
// moves: `contain` scales the picture inside that box, `cover` fills the column's width at that height. A
// `contain` picture with a `width`, or whose size the page knows (`settings.imageSizes`), has its width reserved
// too, so nothing beside it moves either (a header's logos, and what wraps after them).
const useStyles = makeStyles({
  image: { display: 'block', maxWidth: '100%', width: 'auto', objectFit: 'contain' },
  // Cropped at the right: a wide picture's message (a hero's words) usually starts at its left.
  cover: { width: '100%', objectFit: 'cover', objectPosition: 'left center' },
});

/** The intrinsic size `settings.imageSizes` gives for an image address ([width, height]; the server reads its brand images'). */
function knownSize(settings: Record<string, unknown>, src: string): [number, number] | undefined {
  const size = (settings.imageSizes as Record<string, unknown> | undefined)?.[src];
  return Array.isArray(size) && size.length === 2 && size.every((n) => typeof n === 'number' && n > 0) ? [size[0] as number, size[1] as number] : undefined;
}

/** An image from `src` (logic); nothing when the source is empty or fails to load. With `href`, a link. */
export function ImageBlockView({ block }: { block: ImageBlock }) {
  const styles = useStyles();
  const { t, logic, bundle } = useRuntime();
  const { context } = useStep();
  const src = logic.evaluate(block.src, context);
  // The source that failed to load (a missing file): hidden rather than a broken picture; a new source is tried.
  const [failed, setFailed] = useState<string | null>(null);
  if (typeof src !== 'string' || !src || failed === src) return null;
  const size = block.fit === 'contain' && block.height && !block.width ? knownSize(bundle.settings, src) : undefined;
  const width = block.fit === 'contain' && block.height ? (block.width ?? (size && Math.round((block.height * size[0]) / size[1]))) : undefined;
  const img = <img className={mergeClasses(styles.image, block.fit === 'cover' && styles.cover)} src={src} onError={() => setFailed(src)} alt={t(block.alt, context)} width={width} height={block.fit ? block.height : undefined} style={block.height ? { maxHeight: `${block.height}px` } : undefined} />;
  const href = block.href === undefined ? undefined : logic.evaluate(block.href, context);
  return typeof href === 'string' && href ? <a href={href}>{img}</a> : img;
}
