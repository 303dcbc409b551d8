#!/usr/bin/env bash
# The README's test command: first its set-up (scripts/test-setup.sh installs ffmpeg, chromium and the
# k8s tools when missing, or stops here saying how), then every package's mocha suite through turbo, then
# one summed closing line. Suites that need real PostgreSQL/Redis/Kafka read DATABASE_URL/REDIS_URL/
# KAFKA_BROKERS (scripts/servers.sh prints them); without them those suites run against the embedded
# adapters only. Arguments go to turbo, e.g. --filter=@starling/text.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
export STARLING_TEST_RESULTS="$root/.test-results"
rm -rf "$STARLING_TEST_RESULTS"
bash scripts/test-setup.sh || exit 1
# Packages with a test script, so one that crashes before reporting still counts as failed.
expected=$(node -e '
  const fs = require("fs"), path = require("path");
  const dirs = ["packages", "services"].flatMap(d => fs.readdirSync(d).map(n => path.join(d, n))).concat(["k8s"]);
  console.log(dirs.map(d => path.join(d, "package.json")).filter(f => fs.existsSync(f))
    .map(f => JSON.parse(fs.readFileSync(f, "utf8"))).filter(p => p.scripts && p.scripts.test).map(p => p.name).join(","));')
npx turbo run test --continue --concurrency="${TEST_CONCURRENCY:-1}" "$@"
turbo_rc=$?
node scripts/test-summary.ts "$expected"
summary_rc=$?
[ $turbo_rc -eq 0 ] && [ $summary_rc -eq 0 ]
