// Adds up the results the test runs wrote to test-results/ and prints one closing line.
import { existsSync, readFileSync } from 'node:fs';

const tally = { passed: 0, failed: 0, skipped: 0 };
for (const project of ['unit', 'api', 'site']) {
  const file = `test-results/${project}.json`;
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  tally.passed += report.numPassedTests ?? 0;
  tally.failed += report.numFailedTests ?? 0;
  tally.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (existsSync('test-results/e2e.json')) {
  const { stats } = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  tally.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  tally.failed += stats.unexpected ?? 0;
  tally.skipped += stats.skipped ?? 0;
}
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
