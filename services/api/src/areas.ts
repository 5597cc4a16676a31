import { adminArea } from './admin/admin.area';
import { analyticsArea } from './analytics/analytics.area';
import { apiKeysArea } from './api-keys/api-keys.area';
import { auditArea } from './audit/audit.area';
import { categoriesArea } from './categories/categories.area';
import { authArea } from './auth/auth.area';
import { consumersArea } from './consumers/consumers.area';
import { deadLettersArea } from './dead-letters/dead-letters.area';
import { eventsArea } from './events/events.area';
import { eventTypesArea } from './event-types/event-types.area';
import { feedbackArea } from './feedback/feedback.area';
import { healthArea } from './health/health.area';
import type { Area } from './http/area';
import { liveDeliveriesArea } from './live-deliveries/live-deliveries.area';
import { notificationsArea } from './notifications/notifications.area';
import { oauthArea } from './oauth/oauth.area';
import { organizationsArea } from './organizations/organizations.area';
import { portalArea } from './portal/portal.area';
import { projectsArea } from './projects/projects.area';
import { scheduledEventsArea } from './scheduled-events/scheduled-events.area';
import { settingsArea } from './settings/settings.area';
import type { Infrastructure } from './shared/infrastructure';
import { suppressionsArea } from './suppressions/suppressions.area';
import { systemTemplatesArea } from './system-templates/system-templates.area';
import { templatesArea } from './templates/templates.area';
import { unsubscribeArea } from './unsubscribe/unsubscribe.area';
import { usageArea } from './usage/usage.area';

/**
 * Every area of the api, a line each: a new area adds its line here and nothing else outside its
 * folder. Gates of one edge stage run in this order (http/area.ts): the API key, then a portal
 * session, before the bearer (identify), the organization role before the administrator permission (authorize).
 */
export function apiAreas(infrastructure: Infrastructure): Area[] {
  return [
    usageArea(infrastructure),
    apiKeysArea(infrastructure),
    portalArea(infrastructure),
    authArea(infrastructure),
    organizationsArea(infrastructure),
    adminArea(infrastructure),
    auditArea(infrastructure),
    healthArea(infrastructure),
    eventsArea(infrastructure),
    eventTypesArea(infrastructure),
    consumersArea(infrastructure),
    notificationsArea(infrastructure),
    liveDeliveriesArea(infrastructure),
    templatesArea(infrastructure),
    categoriesArea(infrastructure),
    unsubscribeArea(infrastructure),
    suppressionsArea(infrastructure),
    scheduledEventsArea(infrastructure),
    deadLettersArea(infrastructure),
    analyticsArea(infrastructure),
    settingsArea(infrastructure),
    feedbackArea(infrastructure),
    projectsArea(infrastructure),
    oauthArea(infrastructure),
    systemTemplatesArea(infrastructure),
  ];
}
