/**
 * How long a test waits for a rendered flow to show what it checks (renderFlow's `waitFor`, homes, combobox: a lazy
 * chunk, an answer) before failing: sized for a loaded 2-core machine (at load 9 with six CPU-bound processes beside it, a dialog's chunk took over 3 s to
 * import). A hang still fails; speed is measured by bench/, never here.
 */
export const WAIT_MS = 30_000;
