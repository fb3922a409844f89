import { useMemo } from 'react';
import type { Logic, LogicContext } from '../../core/types';
import { useRuntime } from '../RuntimeContext';

/** The context plus a block's extra placeholder values (`vars`, logic) for translating its texts. */
export function useVars(vars: Record<string, Logic> | undefined, context: LogicContext): Record<string, unknown> {
  const { logic } = useRuntime();
  return useMemo(() => (vars ? { ...context, ...(logic.evaluateTemplate(vars, context) as Record<string, unknown>) } : context), [logic, vars, context]);
}
