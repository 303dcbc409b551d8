import { credentials, makeGenericClientConstructor, type Client } from "@grpc/grpc-js";
import { service as healthService } from "grpc-health-check";

const HealthClient = makeGenericClientConstructor(healthService as never, "grpc.health.v1.Health");

/**
 * Asks a server's standard gRPC health service (grpc.health.v1) for the status of `service`
 * ("" for the whole server): SERVING, NOT_SERVING or UNKNOWN. Rejects when the server does not answer.
 */
export function checkHealth(address: string, service = "", deadlineMs = 2_000): Promise<string> {
  const client = new HealthClient(address, credentials.createInsecure()) as unknown as Client & {
    check(request: { service: string }, options: { deadline: number }, callback: (error: Error | null, response: { status: string }) => void): void;
  };
  return new Promise<string>((resolve, reject) => {
    client.check({ service }, { deadline: Date.now() + deadlineMs }, (error, response) => {
      client.close();
      if (error) reject(error);
      else resolve(response.status);
    });
  });
}
