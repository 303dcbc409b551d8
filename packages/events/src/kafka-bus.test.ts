import { randomUUID } from "node:crypto";
import { runEventBusContract } from "./contract.ts";
import type { EventLogger } from "./event-bus.ts";
import { createKafkaBus } from "./kafka-bus.ts";

// Tests read the environment directly: there is no service config here, only "is a broker running".
const brokers = process.env.KAFKA_BROKERS?.split(",").filter(Boolean) ?? [];
// One prefix per run: topics and groups of earlier runs on the same broker never interfere.
const prefix = `test-${randomUUID().slice(0, 8)}.`;
// Handler failures are the point of several tests; only broker-side errors are worth printing.
const quiet: EventLogger = {
  warn: () => {},
  error: (fields, message) => {
    if (!message.startsWith("event dead-lettered")) console.error(message, fields);
  },
};

describe("Kafka bus", function () {
  before(function () {
    if (brokers.length === 0) {
      console.log("    (skipped: set KAFKA_BROKERS, e.g. `bash scripts/kafka.sh start` then KAFKA_BROKERS=$(bash scripts/kafka.sh url))");
      this.skip();
    }
  });

  runEventBusContract("kafka", async () => createKafkaBus({ brokers, clientId: "starling-events-test", topicPrefix: prefix, logger: quiet }));
});
