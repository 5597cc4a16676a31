import { SideNav } from '../shared/side-nav';

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

/** The project's areas in the shell's side bar. */
export function ProjectNav({ projectId, onNavigate }: { projectId: string; onNavigate(): void }) {
  return <SideNav label="Project" base={`/projects/${projectId}`} items={AREAS} onNavigate={onNavigate} />;
}
