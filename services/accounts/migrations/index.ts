import type { Migration } from "@starling/db";
import { inboxMigration, outboxMigration } from "@starling/events";
import { createAccounts } from "./0001-create-accounts.ts";
import { createOauth } from "./0002-create-oauth.ts";
import { createFollows } from "./0003-create-follows.ts";
import { createAuthorizationCodes } from "./0004-create-authorization-codes.ts";
import { createRegistrations } from "./0005-create-registrations.ts";
import { createTwoFactorAndSignIns } from "./0006-create-two-factor-and-sign-ins.ts";
import { createProfileSettings } from "./0007-create-profile-settings.ts";
import { createBlocksAndMutes } from "./0008-create-blocks-and-mutes.ts";
import { createEndorsementsAndNotes } from "./0009-create-endorsements-and-notes.ts";
import { addAccountDeletedAt } from "./0010-add-account-deleted-at.ts";
import { addProfileImages } from "./0011-add-profile-images.ts";
import { addRemoteAccountColumns } from "./0012-add-remote-account-columns.ts";
import { createPushAndMailDeliveries } from "./0013-create-push-and-mail-deliveries.ts";
import { createSignUpBlocks } from "./0050-create-sign-up-blocks.ts";
import { addAccountRestrictions } from "./0014-add-account-restrictions.ts";
import { createUserRoles } from "./0100-create-user-roles.ts";
import { addSuspendingDomainBlock } from "./0110-add-suspending-domain-block.ts";
import { createRegistrationMode } from "./0120-create-registration-mode.ts";
import { addAccountIndexable } from "./0180-add-account-indexable.ts";
import { addEmailMxCheck } from "./0200-add-email-mx-check.ts";
import { createDomainAllows } from "./0201-create-domain-allows.ts";

/** The accounts schema history, in order. Names are stable forever once released. */
export const accountsMigrations: readonly Migration[] = [outboxMigration, inboxMigration, createAccounts, createOauth, createFollows, createAuthorizationCodes, createRegistrations, createTwoFactorAndSignIns, createProfileSettings, createBlocksAndMutes, createEndorsementsAndNotes, addAccountDeletedAt, addProfileImages, addRemoteAccountColumns, createPushAndMailDeliveries, createSignUpBlocks, addAccountRestrictions, createUserRoles, addSuspendingDomainBlock, createRegistrationMode, addAccountIndexable, addEmailMxCheck, createDomainAllows];
