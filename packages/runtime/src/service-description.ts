import type { ServiceDefinition } from "@grpc/grpc-js";

/** A message type as ts-proto generates it: the wire codec, and `fromJSON`, which builds a whole message. */
export interface MessageType<T = unknown> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  fromJSON(object: any): T;
}

/** One method of a {@link ServiceDescription}. */
export interface MethodDescription {
  name: string;
  requestType: MessageType;
  requestStream: boolean;
  responseType: MessageType;
  responseStream: boolean;
}

/**
 * A gRPC service as ts-proto's generic definitions describe it (`StatusesServiceDefinition`, from
 * `outputServices=generic-definitions`): unlike grpc-js's definition it names each method's
 * message types, so a call inside one process can copy messages instead of encoding them.
 */
export interface ServiceDescription {
  fullName: string;
  methods: Readonly<Record<string, MethodDescription>>;
}

/** The grpc-js definition of `service`, with the same codecs as ts-proto's grpc-js output. */
export function grpcDefinition(service: ServiceDescription): ServiceDefinition {
  return Object.fromEntries(
    Object.entries(service.methods).map(([key, method]) => [
      key,
      {
        path: `/${service.fullName}/${method.name}`,
        requestStream: method.requestStream,
        responseStream: method.responseStream,
        requestSerialize: (value: unknown) => Buffer.from(method.requestType.encode(value).finish()),
        requestDeserialize: (bytes: Buffer) => method.requestType.decode(bytes),
        responseSerialize: (value: unknown) => Buffer.from(method.responseType.encode(value).finish()),
        responseDeserialize: (bytes: Buffer) => method.responseType.decode(bytes),
      },
    ]),
  );
}

/**
 * What the receiving side of a call would decode from `value`, without the bytes. `fromJSON` builds
 * new messages and lists with every field of the schema (defaults for the absent ones, properties
 * it does not know left behind) and coerces each value as encoding and decoding would (a count
 * that PostgreSQL gave as a string arrives as a number); proto/gen.ts makes it copy dates and byte
 * arrays too, so neither side can change what the other holds.
 */
export function copyMessage<T>(type: MessageType<T>, value: unknown): T {
  return type.fromJSON(value);
}
