import assert from "node:assert/strict";
import { staffAccess } from "./admin-crud-routes.ts";
import { ROUTES } from "./route-table.ts";

describe("staff access", () => {
  it("asks admin:read or admin:write with the permission, and accepts Mastodon's granular scope of a resource too", () => {
    assert.deepEqual(staffAccess("manage_roles", "write"), { auth: "user", scopes: ["admin:write"], permission: "manage_roles" });
    assert.deepEqual(staffAccess("manage_users", "read", "accounts"), { auth: "user", scopes: ["admin:read", "admin:read:accounts"], permission: "manage_users" });
  });

  it("keeps the granular scopes on the account and report admin routes", () => {
    const scopesOf = (method: string, path: string) => ROUTES.find((route) => route.method === method && route.path === path)?.scopes;
    assert.deepEqual(scopesOf("get", "/api/v1/admin/accounts/:id"), ["admin:read", "admin:read:accounts"]);
    assert.deepEqual(scopesOf("post", "/api/v1/admin/reports/:id/resolve"), ["admin:write", "admin:write:reports"]);
  });
});
