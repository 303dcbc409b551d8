import assert from "node:assert/strict";
import { Metadata } from "@grpc/grpc-js";
import { SignJWT } from "jose";
import { OPERATOR_ROLE, VIEWER_METADATA_KEY, signViewer, verifyViewer, viewerFromMetadata, type Viewer } from "./viewer.ts";

const secret = "a".repeat(32);
const viewer: Viewer = { accountId: "42", appId: "7", tokenId: "9", scopes: ["read", "write:statuses"], role: { id: "2", name: "Admin", permissions: 1 << 4, position: 100 } };

describe("viewer tokens", () => {
  it("verify back to the viewer that was signed", async () => {
    assert.deepEqual(await verifyViewer(secret, await signViewer(secret, viewer)), viewer);
  });

  it("carry an app-only viewer without an account", async () => {
    const appOnly: Viewer = { appId: "7", tokenId: "9", scopes: ["read"] };
    assert.deepEqual(await verifyViewer(secret, await signViewer(secret, appOnly)), { ...appOnly, accountId: undefined, role: undefined });
  });

  it("are rejected under a different secret", async () => {
    const token = await signViewer(secret, viewer);
    await assert.rejects(verifyViewer("b".repeat(32), token));
  });

  it("are rejected when the payload was altered", async () => {
    const [header, payload, signature] = (await signViewer(secret, viewer)).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, accountId: "1", role: OPERATOR_ROLE })).toString("base64url");
    await assert.rejects(verifyViewer(secret, `${header}.${forged}.${signature}`));
  });

  it("are rejected when expired or issued by someone else", async () => {
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({ scopes: ["read"] }).setProtectedHeader({ alg: "HS256" }).setIssuer("starling-gateway").setExpirationTime(Math.floor(Date.now() / 1000) - 120).sign(key);
    const stranger = await new SignJWT({ scopes: ["read"] }).setProtectedHeader({ alg: "HS256" }).setIssuer("someone-else").setExpirationTime("60s").sign(key);
    await assert.rejects(verifyViewer(secret, expired));
    await assert.rejects(verifyViewer(secret, stranger));
  });

  it("are read from gRPC metadata, and their absence means no viewer", async () => {
    const metadata = new Metadata();
    assert.equal(await viewerFromMetadata(secret, metadata), undefined);
    metadata.set(VIEWER_METADATA_KEY, await signViewer(secret, viewer));
    assert.deepEqual(await viewerFromMetadata(secret, metadata), viewer);
  });
});
