export type { Transaction as Trx } from "@starling/db";
