import { Badge, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Page } from '../shared/page';
import { OrganizationNav, sectionLabel } from './organization-nav';
import { useMembership, useOrganizationId } from './organization.query';

/**
 * Every organization page: its name as the heading, the member's own role, and the sections. The
 * document title names the section too, so browser tabs and history tell them apart.
 */
export function OrganizationLayout() {
  const organizationId = useOrganizationId();
  const { membership } = useMembership();
  const { pathname } = useLocation();
  const name = membership?.name ?? 'Organization';
  const section = sectionLabel(organizationId, pathname);
  // Runs after Page's own title effect (a parent's effects follow its children's).
  useEffect(() => {
    document.title = section ? `${section} · ${name} · Herald` : `${name} · Herald`;
  }, [section, name]);
  return (
    <Page title={name}>
      {membership && (
        <Text size="sm">
          Your role: <Badge variant="light">{membership.role}</Badge>
        </Text>
      )}
      <OrganizationNav organizationId={organizationId} role={membership?.role} />
      <Outlet />
    </Page>
  );
}
