import { Link } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LinkBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { useVars } from './useVars';

/** A link: to an address (`href`; app paths navigate without reloading) or raising an event. */
export function LinkBlockView({ block }: { block: LinkBlock }) {
  const { t, logic } = useRuntime();
  const { context, raise } = useStep();
  const navigate = useNavigate();
  const vars = useVars(block.vars, context);
  const label = t(block.label, vars);
  const href = block.href === undefined ? undefined : String(logic.evaluate(block.href, context) ?? '');
  if (href === undefined) return <Link as="button" onClick={() => void raise(String(block.event))}>{label}</Link>;
  const internal = href.startsWith('/') && !block.external;
  const onClick = (e: MouseEvent) => {
    if (!internal || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <Link href={href} onClick={onClick} {...(block.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{label}</Link>
  );
}
