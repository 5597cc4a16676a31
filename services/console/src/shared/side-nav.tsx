import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router';

export interface SideNavItem {
  /** Below `base`: 'events', 'audit-log'. */
  path: string;
  label: string;
}

interface SideNavProps {
  /** What the landmark is called for screen readers: "Project", "Administration". */
  label: string;
  /** Where every item's path starts: `/projects/<id>`, `/admin`. */
  base: string;
  items: readonly SideNavItem[];
  /** Closes the side bar on small screens once a link is followed. */
  onNavigate(): void;
}

/** The shell's side bar: one link per area, the one whose pages are open marked as the current page. */
export function SideNav({ label, base, items, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label={label}>
      {items.map((item) => {
        const to = `${base}/${item.path}`;
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <NavLink
            key={item.path}
            component={RouterLink}
            to={to}
            label={item.label}
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
