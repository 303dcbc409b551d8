import { AsyncLocalStorage } from "node:async_hooks";
import type { Knex } from "knex";

/**
 * PGlite has one connection. A query on the root knex issued while a transaction of the same knex is
 * open waits for that connection, which the transaction holds while it waits for the query: a
 * deadlock that knex only reports after its acquire timeout. We remember which transactions are
 * open in the current async context so a guarded knex can fail such a query at once, with a message
 * naming the fix.
 */
interface OpenTransaction {
  readonly knex: Knex;
  open: boolean;
}

const scope = new AsyncLocalStorage<readonly OpenTransaction[]>();

/** Runs `fn` marked as inside a transaction of `knex`, until it settles. */
export async function runInTransactionScope<T>(knex: Knex, fn: () => Promise<T>): Promise<T> {
  const entry: OpenTransaction = { knex, open: true };
  try {
    return await scope.run([...(scope.getStore() ?? []), entry], fn);
  } finally {
    // Work started inside but still running after commit keeps this context; it may query freely.
    entry.open = false;
  }
}

/**
 * Makes a single-connection knex reject, instead of hang, a query on the root knex (or a nested root
 * transaction) from inside one of its open transactions.
 */
export function guardSingleConnection(knex: Knex): void {
  const client = knex.client as { acquireConnection(): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = () => {
    const inside = scope.getStore()?.some((entry) => entry.open && entry.knex === knex);
    if (!inside) return acquire();
    return Promise.reject(
      new Error(
        "query on the root knex inside one of its transactions: the database has a single connection, " +
          "held by the transaction, so it would wait forever; pass the transaction (db.table(name, trx))",
      ),
    );
  };
}
