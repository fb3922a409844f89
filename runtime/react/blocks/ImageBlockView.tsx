import { makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import type { ImageBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({ image: { display: 'block', maxWidth: '100%', width: 'auto' } });

/** An image from `src` (logic); nothing when the source is empty or fails to load. With `href`, a link. */
export function ImageBlockView({ block }: { block: ImageBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context } = useStep();
  const src = logic.evaluate(block.src, context);
  // The source that failed to load (a missing file): hidden rather than a broken picture; a new source is tried.
  const [failed, setFailed] = useState<string | null>(null);
  if (typeof src !== 'string' || !src || failed === src) return null;
  const img = <img className={styles.image} src={src} onError={() => setFailed(src)} alt={t(block.alt, context)} style={block.height ? { maxHeight: `${block.height}px` } : undefined} />;
  const href = block.href === undefined ? undefined : logic.evaluate(block.href, context);
  return typeof href === 'string' && href ? <a href={href}>{img}</a> : img;
}
