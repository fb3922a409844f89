/** The runtime's one import point for core's flow machine: core decides, runtime/react draws. */
export { progressRows, recordProgress, deriveRoles, rolesAllow } from '../../core/flow';
