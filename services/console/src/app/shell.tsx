import { AppShell, Burger, Group, Anchor, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useMatch, useParams } from 'react-router';
import { AdminLink } from '../admin/admin-link';
import { AdminNav } from '../admin/admin-nav';
import { ProjectSwitcher } from '../projects/project-switcher';
import { ProjectNav } from '../projects/project-nav';
import { UserMenu } from '../auth/user-menu';

/** The frame of every signed-in page: a header (project switcher, administration, user menu) and the area's navigation. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const { projectId } = useParams();
  const inAdministration = useMatch({ path: '/admin', end: false }) !== null;
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor component={Link} to="/" fw={700} size="lg" underline="never" aria-label="Herald home">
              Herald
            </Anchor>
            <ProjectSwitcher />
          </Group>
          <Group wrap="nowrap" gap="md">
            <AdminLink />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        {projectId ? (
          <ProjectNav projectId={projectId} onNavigate={close} />
        ) : inAdministration ? (
          <AdminNav onNavigate={close} />
        ) : (
          <Text size="sm" c="dimmed">
            Choose a project to see its events, deliveries and keys.
          </Text>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
