import { z } from "zod";
import type { Route } from "./route.ts";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const ERROR = {
  description: "The request was refused or failed",
  content: { "application/json": { schema: { type: "object", properties: { error: { type: "string" }, error_description: { type: "string" } }, required: ["error"] } } },
};

/** A route's input as JSON Schema, as clients send it (before any transform); what zod cannot express is left open. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `/api/v1/accounts/:id/follow` → `/api/v1/accounts/{id}/follow`, and the names of its path parameters. */
function pathTemplate(path: string): { template: string; names: string[] } {
  const names: string[] = [];
  const template = path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { template, names };
}

/** The object schema without the path parameters; undefined when nothing is left. */
function withoutPath(schema: JsonSchema, pathNames: string[]): JsonSchema | undefined {
  if (!schema.properties) return schema.type === "object" ? undefined : schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !pathNames.includes(name)));
  if (Object.keys(properties).length === 0 && !schema.additionalProperties) return undefined;
  const { required: all, ...rest } = schema;
  const required = (all ?? []).filter((name) => !pathNames.includes(name));
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

/** An upload route's multipart body: its text fields and its files as binary strings. */
function uploadSchema(upload: NonNullable<Route["uploadBody"]>): JsonSchema {
  const fields = inputSchema(upload.fields);
  const files = Object.fromEntries(upload.files.map((name) => [name, { type: "string", contentMediaType: "application/octet-stream" }]));
  return { type: "object", properties: { ...fields.properties, ...files } };
}

/** Who may call: nobody signed, an optional token, or a token with one of the route's scopes. */
function security(route: Route): Record<string, string[]>[] {
  const bearer = { OAuth2: route.scopes ?? [] };
  if (route.auth === "none") return [];
  if (route.auth === "optional") return [{}, bearer];
  return [bearer];
}

function operation(route: Route) {
  const { names } = pathTemplate(route.path);
  const schema = inputSchema(route.input);
  const parameters: Record<string, unknown>[] = names.map((name) => ({ name, in: "path", required: true, schema: schema.properties?.[name] ?? { type: "string" } }));
  const rest = withoutPath(schema, names);
  const readsQuery = route.method === "get" || route.method === "delete" || route.upload;
  if (readsQuery && rest?.properties) {
    for (const [name, property] of Object.entries(rest.properties)) {
      const nested = property.type === "object";
      parameters.push({ name, in: "query", required: rest.required?.includes(name) ?? false, schema: property, ...(nested ? { style: "deepObject", explode: true } : {}) });
    }
  }
  const body = route.uploadBody ? uploadSchema(route.uploadBody) : readsQuery ? undefined : rest;
  const content = route.uploadBody
    ? { "multipart/form-data": { schema: body }, "application/json": { schema: inputSchema(route.uploadBody.fields) } }
    : { "application/json": { schema: body }, "application/x-www-form-urlencoded": { schema: body } };
  return {
    operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: false, content } } : {}),
    security: security(route),
    responses: {
      "200": { description: "The rendered Mastodon entity", content: { "application/json": { schema: {} } } },
      "4XX": ERROR,
      "5XX": ERROR,
    },
  };
}

/**
 * The OpenAPI 3.1 document of the gateway's route table: every row's path, method, parameters
 * (path, query) and body as its zod schema accepts them, and the OAuth scopes it asks for. Made
 * from the same rows bindRoute serves, so it cannot drift from what the gateway accepts.
 */
export function openApiDocument(routes: readonly Route[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { template } = pathTemplate(route.path);
    (paths[template] ??= {})[route.method] = operation(route);
  }
  const scopes = Object.fromEntries([...new Set(routes.flatMap((route) => route.scopes ?? []))].sort().map((scope) => [scope, scope]));
  return {
    openapi: "3.1.0",
    info: { title: "Starling client API", version: "1", description: "Mastodon-compatible REST API served by the Starling gateway." },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        OAuth2: {
          type: "oauth2",
          flows: {
            authorizationCode: { authorizationUrl: `${baseUrl}/oauth/authorize`, tokenUrl: `${baseUrl}/oauth/token`, scopes },
            password: { tokenUrl: `${baseUrl}/oauth/token`, scopes },
            clientCredentials: { tokenUrl: `${baseUrl}/oauth/token`, scopes },
          },
        },
      },
    },
  };
}
