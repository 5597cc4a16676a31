import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router';

/** The project's areas, in the order a developer works: how it goes, send, watch, fix, configure, account for. */
const AREAS = [
  { path: 'overview', label: 'Overview' },
  { path: 'send', label: 'Send a test event' },
  { path: 'events', label: 'Events' },
  { path: 'notifications', label: 'Notifications' },
  { path: 'live', label: 'Live deliveries' },
  { path: 'scheduled-events', label: 'Scheduled events' },
  { path: 'dead-letters', label: 'Dead letters' },
  { path: 'templates', label: 'Templates' },
  { path: 'suppressions', label: 'Suppressions' },
  { path: 'keys', label: 'API keys' },
  { path: 'usage', label: 'Usage' },
  { path: 'audit-log', label: 'Audit log' },
  { path: 'event-types', label: 'Event types' },
  { path: 'consumers', label: 'Consumers' },
  { path: 'portal', label: 'Consumer portal' },
  { path: 'settings', label: 'Settings' },
] as const;

export function ProjectNav({ projectId, onNavigate }: { projectId: string; onNavigate(): void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label="Project">
      {AREAS.map((area) => {
        const to = `/projects/${projectId}/${area.path}`;
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <NavLink
            key={area.path}
            component={RouterLink}
            to={to}
            label={area.label}
            // Filled: the light variant's blue on the hover grey falls below AA contrast.
            variant="filled"
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
