// Sums the per-package counts written by packages/testkit/src/mocha-reporter.cjs and prints the one
// closing line CI reads. A package whose tests should have run but left no counts (it crashed before
// mocha finished) is counted as one failure, so a crash can never look like a pass.
import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const resultsDir = process.env.STARLING_TEST_RESULTS ?? join(root, ".test-results");
const expected = (process.argv[2] ?? "").split(",").filter(Boolean);

const totals = { passed: 0, failed: 0, skipped: 0 };
const seen = new Set<string>();
for (const file of existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith(".json")) : []) {
  const r = JSON.parse(readFileSync(join(resultsDir, file), "utf8"));
  seen.add(r.name);
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
  for (const failure of r.failures ?? []) console.log(`FAILED ${r.name}: ${failure.title}\n${failure.error}\n`);
}
for (const name of expected) {
  if (!seen.has(name)) {
    console.error(`test-summary: ${name} reported no results (crashed before its tests finished)`);
    totals.failed += 1;
  }
}
const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
// Kept beside the per-package counts so CI can print it as its very last line, after pnpm's own output.
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, "summary.txt"), `${line}\n`);
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
