import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { may, type Role } from './roles';

/** The organization's sections; the ones the member's role cannot use are not offered. */
const SECTIONS: ReadonlyArray<{ path: string; label: string; shown(role: Role | undefined): boolean }> = [
  { path: '', label: 'Projects', shown: () => true },
  { path: 'members', label: 'Members', shown: () => true },
  { path: 'invitations', label: 'Invitations', shown: may.invite },
  { path: 'audit-log', label: 'Audit log', shown: may.readAuditLog },
  { path: 'settings', label: 'Settings', shown: () => true },
];

/** The label of the section at `pathname`, for the document title. */
export function sectionLabel(organizationId: string, pathname: string): string | undefined {
  const base = `/organizations/${organizationId}`;
  return SECTIONS.find((s) => s.path && (pathname === `${base}/${s.path}` || pathname.startsWith(`${base}/${s.path}/`)))?.label;
}

export function OrganizationNav({ organizationId, role }: { organizationId: string; role: Role | undefined }) {
  const { pathname } = useLocation();
  const base = `/organizations/${organizationId}`;
  return (
    <Group component="nav" aria-label="Organization" gap="xs">
      {SECTIONS.filter((s) => s.shown(role)).map((section) => {
        const to = section.path ? `${base}/${section.path}` : base;
        const active = section.path ? pathname === to || pathname.startsWith(`${to}/`) : pathname === base || pathname === `${base}/`;
        return (
          <Button
            key={section.path}
            component={Link}
            to={to}
            variant={active ? 'filled' : 'subtle'}
            aria-current={active ? 'page' : undefined}
            size="compact-md"
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}
