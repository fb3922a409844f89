import { useMemo } from 'react';
import { evaluateTemplate } from '../../core/logic';
import type { Logic, LogicContext } from '../../core/types';

/** The context plus a block's extra placeholder values (`vars`, logic) for translating its texts. */
export function useVars(vars: Record<string, Logic> | undefined, context: LogicContext): Record<string, unknown> {
  return useMemo(() => (vars ? { ...context, ...(evaluateTemplate(vars, context) as Record<string, unknown>) } : context), [vars, context]);
}
