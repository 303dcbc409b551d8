import { Registry, collectDefaultMetrics, Histogram } from "prom-client";

/** A Prometheus registry with process metrics and a `service` label on everything. */
export function createMetrics(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Latency of gRPC calls served, by method and status code. */
export function grpcServerHistogram(registry: Registry): Histogram<"method" | "code"> {
  const existing = registry.getSingleMetric("starling_grpc_server_seconds");
  if (existing) return existing as Histogram<"method" | "code">;
  return new Histogram({
    name: "starling_grpc_server_seconds",
    help: "Time to serve one gRPC call",
    labelNames: ["method", "code"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
}
