// Mocha reporter used by every package: prints mocha's usual spec output and records the package's
// counts and failures in $STARLING_TEST_RESULTS (default <repo>/.test-results) so scripts/test-summary.ts
// can print one "N passed, N failed" line summed over the whole monorepo, the line CI reads, with the
// failures just above it (CI shows only the end of the output).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const Mocha = require("mocha");

const { EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class StarlingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures = [];
    runner.on(EVENT_TEST_PASS, () => counts.passed++);
    runner.on(EVENT_TEST_FAIL, (test, err) => {
      counts.failed++;
      const stack = String((err && err.stack) || err).split("\n").slice(0, 8).join("\n");
      failures.push({ title: test.fullTitle(), error: stack });
    });
    runner.on(EVENT_TEST_PENDING, () => counts.skipped++);
    runner.once(EVENT_RUN_END, () => {
      const dir = process.env.STARLING_TEST_RESULTS || path.resolve(__dirname, "../../../.test-results");
      const name = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")).name;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name.replace(/[@/]/g, "_")}.json`), JSON.stringify({ name, ...counts, failures }));
    });
  }
}

module.exports = StarlingReporter;
