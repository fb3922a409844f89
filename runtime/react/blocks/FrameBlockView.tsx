import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { FrameBlock } from '../../core/types';
import { isFrameEventMessage } from '../effects/builtInEffects';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  // Fills what its container gives it (a full-screen dialog's body), at least a usable height elsewhere.
  frame: { display: 'block', width: '100%', height: '100%', minHeight: '24rem', flexGrow: 1, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, boxSizing: 'border-box' },
});

/**
 * A page of the same origin in an iframe (`src` logic; nothing while empty). The framed page raises one of
 * `events` in this step by posting `{ type: 'fleetform:event', event }` (the `notifyParent` effect); a message
 * from another window or origin, or naming an event not listed, is ignored.
 */
export function FrameBlockView({ block }: { block: FrameBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context, raise } = useStep();
  const ref = useRef<HTMLIFrameElement>(null);
  const src = logic.evaluate(block.src, context);
  const allowed = (block.events ?? []).join('\n');
  useEffect(() => {
    const events = allowed ? allowed.split('\n') : [];
    const onMessage = (message: MessageEvent) => {
      if (message.origin !== window.location.origin || !ref.current || message.source !== ref.current.contentWindow) return;
      if (isFrameEventMessage(message.data) && events.includes(message.data.event)) void raise(message.data.event);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [allowed, raise]);
  if (typeof src !== 'string' || !src) return null;
  return <iframe ref={ref} className={styles.frame} src={src} title={t(block.title, context)} data-frame={block.id} />;
}
