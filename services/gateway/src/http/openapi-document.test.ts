import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { ROUTES } from "../routes/route-table.ts";
import { openApiDocument } from "./openapi-document.ts";

type Operation = { parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, unknown> }; security: Record<string, string[]>[] };

describe("OpenAPI document of the route table", () => {
  const document = openApiDocument(ROUTES, "https://example.test");
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const find = (method: string, path: string) => paths[path.replace(/:(\w+)/g, "{$1}")]?.[method];

  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    assert.deepEqual(result.errors ?? [], [], "no validation errors");
    assert.equal(result.valid, true);
    assert.equal(validator.version, "3.1");
    const broken = await new Validator().validate({ ...structuredClone(document), info: undefined });
    assert.equal(broken.valid, false, "the validator does refuse a document without info");
  });

  it("has one operation for every row of the route table, with its path parameters", () => {
    for (const route of ROUTES) {
      const operation = find(route.method, route.path);
      assert.ok(operation, `${route.method} ${route.path}`);
      for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
        assert.ok(operation.parameters?.some((p) => p.name === name && p.in === "path" && p.required), `${route.path} declares ${name}`);
      }
    }
    const operations = Object.values(paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    assert.equal(operations, ROUTES.length);
  });

  it("states each route's scopes, bodies as JSON and forms, query parameters, and uploads as multipart", () => {
    assert.deepEqual(find("post", "/api/v1/statuses")!.security, [{ OAuth2: ["write", "write:statuses"] }]);
    assert.deepEqual(find("get", "/api/v1/accounts/:id")!.security, [{}, { OAuth2: ["read", "read:accounts"] }]);
    assert.deepEqual(find("post", "/oauth/token")!.security, []);
    assert.deepEqual(Object.keys(find("post", "/api/v1/statuses")!.requestBody!.content), ["application/json", "application/x-www-form-urlencoded"]);
    const home = find("get", "/api/v1/timelines/home")!.parameters!.map((p) => `${p.in}:${p.name}`);
    for (const cursor of ["query:max_id", "query:since_id", "query:min_id", "query:limit"]) assert.ok(home.includes(cursor), cursor);
    const media = find("post", "/api/v2/media")!.requestBody!.content["multipart/form-data"] as { schema: { properties: Record<string, unknown> } };
    assert.deepEqual(Object.keys(media.schema.properties).sort(), ["description", "file", "focus", "thumbnail"]);
    const scopes = ((document.components as any).securitySchemes.OAuth2.flows.password.scopes) as Record<string, string>;
    assert.ok("write:statuses" in scopes && "read" in scopes);
  });
});
