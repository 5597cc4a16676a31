import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { TopologyNames } from '@herald/messaging';
import { SecretBox } from '@herald/secrets';
import type { RouteTable } from '../http/route-table';
import { tokenLifetimesOf } from '../auth/session-tokens';
import { SystemProject } from '../projects/system-project';
import { PeriodicJob } from '../shared/periodic-job';
import { InvitationRepository } from './invitation.repository';
import { InvitationThrottle } from './invitation-throttle';
import { InvitationsService } from './invitations.service';
import { MembersService } from './members.service';
import { OrganizationActivity } from './organization-activity.use-case';
import { organizationRoutes } from './organizations.routes';
import { OrganizationsService } from './organizations.service';

export interface OrganizationsArea {
  routes: RouteTable;
  /** Scrubs invitation links out of stored email content (like the magic-link scrub); started by app.ts. */
  scrub: PeriodicJob;
}

export interface OrganizationsAreaDeps {
  db: Database;
  config: Config;
  names: TopologyNames;
  logger: Logger;
  /** Wakes the outbox relay once an invitation email has committed. */
  onCommitted: () => void;
}

/** Organizations, members, invitations, and an organization's usage and audit log. */
export function organizationsArea(deps: OrganizationsAreaDeps): OrganizationsArea {
  const { db, config } = deps;
  const invitations = new InvitationsService({
    db,
    system: new SystemProject(db, new SecretBox(config.secretsKey)),
    names: deps.names,
    appUrl: config.APP_URL,
    lifetimes: tokenLifetimesOf(config),
    onCommitted: deps.onCommitted,
    throttle: new InvitationThrottle({
      perOrganizationPerHour: config.INVITATIONS_PER_ORGANIZATION_PER_HOUR,
      perUserPerHour: config.INVITATIONS_PER_USER_PER_HOUR,
    }),
  });
  const stored = new InvitationRepository(db);
  return {
    routes: organizationRoutes({
      organizations: new OrganizationsService(db, config.MAX_ORGANIZATIONS_PER_USER),
      members: new MembersService(db),
      invitations,
      activity: new OrganizationActivity(db),
    }),
    scrub: new PeriodicJob('invitation link scrub', () => stored.scrubSettled(), deps.logger),
  };
}
