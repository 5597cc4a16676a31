import type { components } from '@herald/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useMe } from '../auth/me.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';

export const PER_PAGE = 25;

export type Member = components['schemas']['Member'];
export type Invitation = components['schemas']['Invitation'];
export type AuditEntry = components['schemas']['OrganizationAuditEntry'];
export type InvitationStatus = components['schemas']['InvitationStatus'];

/** Everything cached for one organization (projects included), so one invalidation refreshes it all. */
export const organizationKey = (organizationId: string) => ['organizations', organizationId] as const;

export function useOrganizationId(): string {
  return useParams().organizationId ?? '';
}

/** The signed-in user's membership here (name and role), from /auth/me; undefined when not a member. */
export function useMembership() {
  const organizationId = useOrganizationId();
  const me = useMe();
  return { me, membership: me.data?.organizations.find((o) => o.id === organizationId) };
}

export function useMembers(page: number, perPage = PER_PAGE) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: [...organizationKey(organizationId), 'members', page, perPage],
    queryFn: async () =>
      unwrap(
        await api.GET('/organizations/{organization_id}/members', {
          params: { path: { organization_id: organizationId }, query: { page, per_page: perPage } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(status: InvitationStatus | undefined, page: number) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: [...organizationKey(organizationId), 'invitations', status, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/organizations/{organization_id}/invitations', {
          params: { path: { organization_id: organizationId }, query: { status, page, per_page: PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export interface AuditQuery {
  action?: string;
  from?: string;
  project_id?: string;
}

export function useAuditLog(query: AuditQuery, page: number) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: [...organizationKey(organizationId), 'audit-log', query, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/organizations/{organization_id}/audit-log', {
          params: { path: { organization_id: organizationId }, query: { ...query, page, per_page: PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
