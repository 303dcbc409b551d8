import type { Migration } from "@starling/db";
import { createActorKeys } from "./0001-create-actor-keys.ts";
import { createRemoteActors } from "./0002-create-remote-actors.ts";
import { createDeliveries } from "./0003-create-deliveries.ts";
import { createSentRelationships } from "./0004-create-sent-relationships.ts";
import { addHostUnavailability } from "./0005-add-host-unavailability.ts";
import { addSentInboxes } from "./0006-add-sent-inboxes.ts";
import { addDeliverySynchronization } from "./0007-add-delivery-synchronization.ts";
import { createInstanceBlocks } from "./0050-create-instance-blocks.ts";
import { addBlockRejectReports } from "./0100-add-block-reject-reports.ts";

/** The federation schema's history, in order. Append only; never rename or reorder a released step. */
export const federationMigrations: Migration[] = [createActorKeys, createRemoteActors, createDeliveries, createSentRelationships, addHostUnavailability, addSentInboxes, addDeliverySynchronization, createInstanceBlocks, addBlockRejectReports];
