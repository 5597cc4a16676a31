import type { BrowserSessionCookie } from '../auth/browser-session.cookie';
import { routes, type RouteTable } from '../http/route-table';
import { pageOf, principalOf } from '../http/caller';
import { memberActorOf } from './organization-actor';
import { membershipOf } from './role-gate';
import type { InvitationsService } from './invitations.service';
import type { InvitationStatus } from './invitation.repository';
import type { MembersService } from './members.service';
import type { OrganizationActivity } from './organization-activity.service';
import type { OrganizationsService } from './organizations.service';

export interface OrganizationRouteDeps {
  organizations: OrganizationsService;
  members: MembersService;
  invitations: InvitationsService;
  activity: OrganizationActivity;
  /** Accepting an invitation signs in: a browser session gets its refresh token as the cookie. */
  cookie: BrowserSessionCookie;
}

/**
 * Routes only shape input and output: who may call each one is decided before they run, from
 * openapi.yaml (`x-required-role`, the role gate), and the rules live in the services.
 */
export function organizationRoutes(deps: OrganizationRouteDeps): RouteTable {
  const router = routes();
  const { organizations, members, invitations, activity } = deps;

  router.post('/organizations', async (req, res) => {
    res.status(201).json(await organizations.create(principalOf(req).userId, req.body.name, req.requestId));
  });
  router.get('/organizations', async (req, res) => {
    res.json(await organizations.listOf(principalOf(req).userId, pageOf(req)));
  });
  router.get('/organizations/:organization_id', async (req, res) => {
    res.json(await organizations.get(membershipOf(req).organizationId));
  });
  router.patch('/organizations/:organization_id', async (req, res) => {
    res.json(await organizations.rename(memberActorOf(req), req.body.name));
  });
  router.delete('/organizations/:organization_id', async (req, res) => {
    await organizations.delete(memberActorOf(req));
    res.status(204).end();
  });

  router.get('/organizations/:organization_id/members', async (req, res) => {
    res.json(await members.list(membershipOf(req).organizationId, pageOf(req)));
  });
  router.patch('/organizations/:organization_id/members/:user_id', async (req, res) => {
    res.json(await members.changeRole(memberActorOf(req), req.params.user_id, req.body.role));
  });
  router.delete('/organizations/:organization_id/members/:user_id', async (req, res) => {
    await members.remove(memberActorOf(req), req.params.user_id);
    res.status(204).end();
  });

  router.post('/organizations/:organization_id/invitations', async (req, res) => {
    res.status(201).json(await invitations.invite(memberActorOf(req), req.body.email, req.body.role));
  });
  router.get('/organizations/:organization_id/invitations', async (req, res) => {
    const status = req.query.status as InvitationStatus | undefined;
    res.json(await invitations.list(membershipOf(req).organizationId, status, pageOf(req)));
  });
  router.delete('/organizations/:organization_id/invitations/:invitation_id', async (req, res) => {
    await invitations.revoke(memberActorOf(req), req.params.invitation_id);
    res.status(204).end();
  });
  router.post('/invitations/accept', async (req, res) => {
    res.json(deps.cookie.hand(req, res, await invitations.accept(req.body.token, req.principal?.userId, req.requestId)));
  });

  router.get('/organizations/:organization_id/usage', async (req, res) => {
    res.json(await activity.usage(membershipOf(req).organizationId, req.query, pageOf(req)));
  });
  router.get('/organizations/:organization_id/audit-log', async (req, res) => {
    res.json(await activity.auditLog(membershipOf(req).organizationId, req.query, pageOf(req)));
  });
  return router;
}
