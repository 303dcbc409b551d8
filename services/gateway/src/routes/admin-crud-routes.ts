import { z } from "zod";
import type { CallOptionsLite, Permission } from "@starling/runtime";
import type { Route, RouteContext } from "../http/route.ts";
import { idParam } from "../http/params.ts";

/** The input of a route on one item of a collection (`…/:id`). */
export const byId = z.object({ id: idParam });
type ById = z.infer<typeof byId>;

/**
 * The staff scope and permission of a read (`admin:read`) or a change (`admin:write`); with
 * `resource`, Mastodon's granular scope for it (`admin:read:accounts`) is accepted too.
 */
export const staffAccess = (permission: Permission, access: "read" | "write", resource?: "accounts" | "reports") => ({
  auth: "user" as const,
  scopes: resource ? [`admin:${access}`, `admin:${access}:${resource}`] : [`admin:${access}`],
  permission,
});

/** A collection staff manage under one permission: its calls, on the client `client` picks, and its presenter. */
export interface AdminCrud<Client, Item, Create, Change> {
  /** The collection, e.g. `/api/v1/admin/webhooks`; one item is at `${path}/:id`. */
  path: string;
  /** The role permission every route needs; reads take `admin:read`, changes `admin:write`. */
  permission: Permission;
  client: (ctx: RouteContext) => Client;
  present: (item: Item) => unknown;
  /** Each call gets the signed viewer in `options`, to pass on. */
  list: (client: Client, options: CallOptionsLite) => Promise<Item[]>;
  /** Absent where the collection has no route for one item. */
  get?: (client: Client, input: ById, options: CallOptionsLite) => Promise<Item>;
  create: { input: z.ZodType<Create>; call: (client: Client, input: Create, options: CallOptionsLite) => Promise<Item> };
  update: { input: z.ZodType<Change>; call: (client: Client, input: Change, options: CallOptionsLite) => Promise<Item> };
  remove: (client: Client, input: ById, options: CallOptionsLite) => Promise<unknown>;
}

/**
 * The rows of an admin collection: GET path (list), GET path/:id (when `get` is given), POST path,
 * PUT path/:id and DELETE path/:id (answering `{}`).
 */
export function adminCrudRoutes<Client, Item, Create, Change>(crud: AdminCrud<Client, Item, Create, Change>): Route[] {
  const read = staffAccess(crud.permission, "read");
  const write = staffAccess(crud.permission, "write");
  const item = `${crud.path}/:id`;
  const options = (ctx: RouteContext): CallOptionsLite => ({ viewerToken: ctx.viewerToken });
  const presentOne = (_ctx: RouteContext, found: Item) => crud.present(found);
  const { get } = crud;
  const list: Route<object, Item[]> = {
    method: "get",
    path: crud.path,
    ...read,
    input: z.object({}),
    call: (ctx) => crud.list(crud.client(ctx), options(ctx)),
    present: (_ctx, items) => items.map(crud.present),
  };
  const one: Route<ById, Item>[] = get ? [{ method: "get", path: item, ...read, input: byId, call: (ctx, input) => get(crud.client(ctx), input, options(ctx)), present: presentOne }] : [];
  const create: Route<Create, Item> = { method: "post", path: crud.path, ...write, input: crud.create.input, call: (ctx, input) => crud.create.call(crud.client(ctx), input, options(ctx)), present: presentOne };
  const update: Route<Change, Item> = { method: "put", path: item, ...write, input: crud.update.input, call: (ctx, input) => crud.update.call(crud.client(ctx), input, options(ctx)), present: presentOne };
  const remove: Route<ById, unknown> = { method: "delete", path: item, ...write, input: byId, call: (ctx, input) => crud.remove(crud.client(ctx), input, options(ctx)), present: () => ({}) };
  return [list, ...one, create, update, remove];
}
