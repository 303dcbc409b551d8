import assert from "node:assert/strict";
import { UsageStats } from "@starling/proto/common/v1/page";
import { Envelope } from "@starling/proto/events/v1/envelope";
import { StatusesServiceDefinition, StatusesServiceService, type GetStatusesRequest } from "@starling/proto/statuses/v1/statuses";
import { copyMessage, grpcDefinition } from "./service-description.ts";

describe("service descriptions", () => {
  it("give the grpc-js definition ts-proto generates: the same paths, and the same bytes both ways", () => {
    const definition = grpcDefinition(StatusesServiceDefinition);
    assert.deepEqual(Object.keys(definition), Object.keys(StatusesServiceService));
    const request: GetStatusesRequest = { ids: ["1", "2"] };
    for (const [key, method] of Object.entries(StatusesServiceService)) {
      const ours = definition[key]!;
      assert.equal(ours.path, method.path);
      assert.equal(ours.requestStream, method.requestStream);
      assert.equal(ours.responseStream, method.responseStream);
    }
    const bytes = definition.getStatuses!.requestSerialize(request);
    assert.deepEqual(bytes, StatusesServiceService.getStatuses.requestSerialize(request));
    assert.deepEqual(definition.getStatuses!.requestDeserialize(bytes), StatusesServiceService.getStatuses.requestDeserialize(bytes));
  });
});

describe("copyMessage", () => {
  const original = () => ({ id: "e1", type: "status.created", version: 1, occurredAt: new Date("2026-11-26T10:00:00.123Z"), source: "statuses", key: "9", traceParent: "", payload: Buffer.from([1, 2, 3]) });

  it("gives what decoding the encoded message gives", () => {
    const message = original();
    assert.deepEqual(copyMessage(Envelope, message), Envelope.decode(Envelope.encode(message).finish()));
  });

  it("fills absent fields with their defaults and leaves properties the schema does not know behind", () => {
    const copy = copyMessage(Envelope, { id: "e2", extra: "not in the schema" });
    assert.deepEqual(copy, Envelope.decode(Envelope.encode(Envelope.fromPartial({ id: "e2" })).finish()));
    assert.ok(!("extra" in copy));
  });

  it("coerces values as encoding would: a count PostgreSQL gave as text arrives as a number", () => {
    const counted = { usersTotal: "7", usersActiveMonth: 2, usersActiveHalfyear: 3, localPosts: "0", knownDomains: 1 } as unknown as UsageStats;
    assert.deepEqual(copyMessage(UsageStats, counted), UsageStats.decode(UsageStats.encode(counted).finish()));
    assert.deepEqual(copyMessage(UsageStats, counted), { usersTotal: 7, usersActiveMonth: 2, usersActiveHalfyear: 3, localPosts: 0, knownDomains: 1 });
  });

  it("shares no date or byte array with the original", () => {
    const message = original();
    const copy = copyMessage(Envelope, message);
    message.occurredAt.setTime(0);
    message.payload[0] = 9;
    assert.equal(copy.occurredAt?.toISOString(), "2026-11-26T10:00:00.123Z");
    assert.deepEqual([...copy.payload], [1, 2, 3]);
    assert.ok(Buffer.isBuffer(copy.payload), "a Buffer, as the wire's decode gives");
  });
});
