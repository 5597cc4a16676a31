import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useAdminPermissions } from './admin-permissions';
import { ADMIN_SECTIONS } from './admin-sections';

/** The administration's sections this administrator's permissions allow, in the shell's side bar under /admin. */
export function AdminNav({ onNavigate }: { onNavigate(): void }) {
  const { pathname } = useLocation();
  const { has } = useAdminPermissions();
  return (
    <Stack gap={2} component="nav" aria-label="Administration">
      {ADMIN_SECTIONS.filter((section) => has(section.permission)).map((section) => {
        const to = `/admin/${section.path}`;
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <NavLink
            key={section.path}
            component={RouterLink}
            to={to}
            label={section.label}
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
