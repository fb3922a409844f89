/** The runtime's one import point for core's flow machine: core decides, runtime/react draws. */
export { next, progressRows, deriveRoles, rolesAllow, type FlowEffect, type NextResult } from '../../core/flow';
