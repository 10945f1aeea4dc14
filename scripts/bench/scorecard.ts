// Every figure the benchmark prints beside its target; the run fails when one misses.

type Target = { max: number } | { min: number } | null;

interface Row {
  name: string;
  text: string;
  target: string;
  met: boolean | null;
}

const rows: Row[] = [];
const log = (line = '') => process.stdout.write(`${line}\n`);

/**
 * Records and prints one figure. `value` is compared with `target` (≤ max or ≥ min); `shown` is
 * how the value reads (with its unit); a null target only reports.
 */
export function figure(name: string, value: number, shown: string, target: Target = null) {
  const met =
    target === null
      ? null
      : 'max' in target
        ? Number.isFinite(value) && value <= target.max
        : Number.isFinite(value) && value >= target.min;
  const targetText = target === null ? '' : 'max' in target ? `≤ ${target.max}` : `≥ ${target.min}`;
  rows.push({ name, text: shown, target: targetText, met });
  const mark = met === null ? '' : met ? '  met' : '  MISSED';
  log(`  ${name.padEnd(52)} ${shown.padStart(14)}  ${targetText.padEnd(10)}${mark}`);
}

/** Prints the misses and sets a failing exit code when there is one. */
export function summary() {
  const missed = rows.filter((row) => row.met === false);
  const checked = rows.filter((row) => row.met !== null).length;
  log(`\n${checked - missed.length} of ${checked} targets met.`);
  for (const row of missed) log(`  missed: ${row.name}: ${row.text} (target ${row.target})`);
  if (missed.length > 0) process.exitCode = 1;
}
