import { Button, Menu } from '@mantine/core';
import { useSession } from '../session/session.context';
import { useSignOut } from './sign-out';

/** The signed-in person and the ways out: this browser, or every session they have. */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  if (session.status !== 'signed-in') return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={`Account: ${session.user.email}`}>
          {session.user.name ?? session.user.email}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{session.user.email}</Menu.Label>
        <Menu.Item onClick={() => void signOut(false)}>Sign out</Menu.Item>
        <Menu.Item color="red" onClick={() => void signOut(true)}>
          Sign out everywhere
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
