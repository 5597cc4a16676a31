import type { Area } from '../http/area';
import { BrowserSessionCookie } from '../auth/browser-session.cookie';
import { tokenLifetimesOf } from '../auth/session-tokens';
import type { Infrastructure } from '../shared/infrastructure';
import { PeriodicJob } from '../shared/periodic-job';
import { InvitationThrottle } from './invitation-throttle';
import { InvitationsService } from './invitations.service';
import { MembersService } from './members.service';
import { OrganizationActivity } from './organization-activity.service';
import { organizationsRepositories } from './organizations.repositories';
import { projectMemberGate } from './project-member.gate';
import { organizationRoutes } from './organizations.routes';
import { OrganizationsService } from './organizations.service';
import { roleGate } from './role-gate';

/** How often an api process overwrites the links of settled or expired invitation emails (as auth does magic links). */
const INVITATION_SCRUB_INTERVAL_MS = 10_000;

/**
 * Organizations, members, invitations, and an organization's usage and audit log. Its gates let
 * a member's bearer onto its projects' plane (X-Herald-Project) and find the caller's role in the
 * organization an operation names; its job scrubs invitation links out
 * of stored email content (like the magic-link scrub).
 */
export function organizationsArea(deps: Infrastructure): Area {
  const { db, config } = deps;
  const repos = organizationsRepositories(db);
  const invitations = new InvitationsService({
    db,
    repositories: organizationsRepositories,
    system: deps.systemProject,
    names: deps.names,
    appUrl: config.APP_URL,
    lifetimes: tokenLifetimesOf(config),
    onCommitted: deps.onCommitted,
    throttle: new InvitationThrottle({
      perOrganizationPerHour: config.INVITATIONS_PER_ORGANIZATION_PER_HOUR,
      perUserPerHour: config.INVITATIONS_PER_USER_PER_HOUR,
    }),
  });
  return {
    routes: organizationRoutes({
      organizations: new OrganizationsService(db, organizationsRepositories, config.MAX_ORGANIZATIONS_PER_USER),
      members: new MembersService(db, organizationsRepositories),
      invitations,
      activity: new OrganizationActivity(db, organizationsRepositories),
      cookie: new BrowserSessionCookie(config.PUBLIC_URL),
    }),
    gates: [
      { stage: 'identify', handler: projectMemberGate(repos.memberships) },
      { stage: 'authorize', handler: roleGate(repos.memberships) },
    ],
    jobs: [new PeriodicJob('invitation link scrub', INVITATION_SCRUB_INTERVAL_MS, () => repos.invitations.scrubSettled(), deps.logger)],
  };
}
