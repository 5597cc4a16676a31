import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useAdminPermissions } from './admin-permissions';

/** The header's way into platform administration, for administrators only. */
export function AdminLink() {
  const { isAdministrator } = useAdminPermissions();
  if (!isAdministrator) return null;
  return (
    <Anchor component={Link} to="/admin" size="sm" fw={500}>
      Administration
    </Anchor>
  );
}
