import { SideNav } from '../shared/side-nav';
import { useAdminPermissions } from './admin-permissions';
import { ADMIN_SECTIONS } from './admin-sections';

/** The administration's sections this administrator's permissions allow, in the shell's side bar under /admin. */
export function AdminNav({ onNavigate }: { onNavigate(): void }) {
  const { has } = useAdminPermissions();
  const sections = ADMIN_SECTIONS.filter((section) => has(section.permission));
  return <SideNav label="Administration" base="/admin" items={sections} onNavigate={onNavigate} />;
}
