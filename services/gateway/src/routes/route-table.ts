import type { Route } from "../http/route.ts";
import { accountRoutes } from "./account-routes.ts";
import { customEmojiRoutes } from "./custom-emoji-routes.ts";
import { followRoutes } from "./follow-routes.ts";
import { instanceRoutes } from "./instance-routes.ts";
import { listRoutes } from "./list-routes.ts";
import { mediaRoutes } from "./media-routes.ts";
import { oauthRoutes } from "./oauth-routes.ts";
import { profileRoutes } from "./profile-routes.ts";
import { relationshipRoutes } from "./relationship-routes.ts";
import { registrationRoutes } from "./registration-routes.ts";
import { statusRoutes } from "./status-routes.ts";
import { pollRoutes } from "./poll-routes.ts";
import { statusEditRoutes } from "./status-edit-routes.ts";
import { statusInteractionRoutes } from "./status-interaction-routes.ts";
import { timelineRoutes } from "./timeline-routes.ts";
import { tagRoutes } from "./tag-routes.ts";
import { trendRoutes } from "./trend-routes.ts";
import { scheduledStatusRoutes } from "./scheduled-status-routes.ts";
import { searchRoutes } from "./search-routes.ts";
import { discoveryRoutes } from "./discovery-routes.ts";
import { translationRoutes } from "./translation-routes.ts";
import { pushRoutes } from "./push-routes.ts";
import { notificationRoutes } from "./notification-routes.ts";
import { markerRoutes } from "./marker-routes.ts";
import { featuredTagRoutes } from "./featured-tag-routes.ts";
import { conversationRoutes } from "./conversation-routes.ts";
import { filterV1Routes } from "./filter-v1-routes.ts";
import { filterV2Routes } from "./filter-v2-routes.ts";
import { adminAuditLogRoutes } from "./admin-audit-log-routes.ts";
import { adminDomainBlockRoutes } from "./admin-domain-block-routes.ts";
import { adminSignUpBlockRoutes } from "./admin-sign-up-block-routes.ts";
import { ruleRoutes } from "./rule-routes.ts";
import { announcementRoutes } from "./announcement-routes.ts";
import { reportRoutes } from "./report-routes.ts";
import { adminAccountRoutes } from "./admin-account-routes.ts";
import { strikeRoutes } from "./strike-routes.ts";
import { adminDashboardRoutes } from "./admin-dashboard-routes.ts";
import { instanceActivityRoutes } from "./instance-activity-routes.ts";
import { adminWarningPresetRoutes } from "./admin-warning-preset-routes.ts";
import { adminRoleRoutes } from "./admin-role-routes.ts";
import { adminWebhookRoutes } from "./admin-webhook-routes.ts";
import { adminInstanceRoutes } from "./admin-instance-routes.ts";

/** Every client-facing route the gateway serves, one row each (one group a line, so new groups merge cleanly). */
export const ROUTES: Route[] = [
  ...oauthRoutes,
  ...profileRoutes,
  ...followRoutes,
  ...relationshipRoutes,
  ...registrationRoutes,
  ...accountRoutes,
  ...statusRoutes,
  ...scheduledStatusRoutes,
  ...statusInteractionRoutes,
  ...pollRoutes,
  ...statusEditRoutes,
  ...translationRoutes,
  ...timelineRoutes,
  ...tagRoutes,
  ...listRoutes,
  ...notificationRoutes,
  ...markerRoutes,
  ...instanceRoutes,
  ...customEmojiRoutes,
  ...mediaRoutes,
  ...searchRoutes,
  ...pushRoutes,
  ...featuredTagRoutes,
  ...conversationRoutes,
  ...filterV1Routes,
  ...filterV2Routes,
  ...adminAuditLogRoutes,
  ...adminDomainBlockRoutes,
  ...adminSignUpBlockRoutes,
  ...ruleRoutes,
  ...reportRoutes,
  ...adminAccountRoutes,
  ...strikeRoutes,
  ...announcementRoutes,
  ...adminDashboardRoutes,
  ...instanceActivityRoutes,
  ...adminWarningPresetRoutes,
  ...adminRoleRoutes,
  ...adminWebhookRoutes,
  ...adminInstanceRoutes,
  ...trendRoutes,
  ...discoveryRoutes,
];
