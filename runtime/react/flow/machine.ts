/** The runtime's one import point for core's flow machine: core decides, runtime/react draws. */
export { progressRows, deriveRoles, rolesAllow } from '../../core/flow';
