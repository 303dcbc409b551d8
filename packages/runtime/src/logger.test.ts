import assert from "node:assert/strict";
import { createLogger } from "./logger.ts";

/** Collects what a logger writes. */
function sink() {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

describe("logger", () => {
  it("writes one JSON object a line, tagged with the service, for log collectors", () => {
    const out = sink();
    createLogger("media", "info", { pretty: false, destination: out }).info({ grpcPort: 50055 }, "serving");
    assert.equal(out.lines.length, 1);
    const line = JSON.parse(out.lines[0]!) as Record<string, unknown>;
    assert.deepEqual({ level: line.level, service: line.service, msg: line.msg, grpcPort: line.grpcPort }, { level: 30, service: "media", msg: "serving", grpcPort: 50055 });
  });

  it("writes a readable line for a person: time, level, service, message and fields, no JSON object", () => {
    const out = sink();
    createLogger("media", "info", { pretty: true, destination: out }).warn({ missing: ["ffmpeg"] }, "tools missing");
    assert.equal(out.lines.length, 1);
    assert.match(out.lines[0]!, /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN \(media\): tools missing \{"missing":\["ffmpeg"\]\}\n$/);
  });

  it("leaves out lines below its level in either form", () => {
    for (const pretty of [true, false]) {
      const out = sink();
      createLogger("media", "warn", { pretty, destination: out }).info("not shown");
      assert.deepEqual(out.lines, []);
    }
  });
});
