import { Loader, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { Page } from '../shared/page';
import { useAdminPermissions } from './admin-permissions';
import { ADMIN_SECTIONS } from './admin-sections';

/** `/admin`: the first section the administrator may see, or why there is none. */
export function AdminHome() {
  const { has, isLoading } = useAdminPermissions();
  if (isLoading) return <Loader aria-label="Loading your permissions" />;
  const first = ADMIN_SECTIONS.find((section) => has(section.permission));
  if (first) return <Navigate to={`/admin/${first.path}`} replace />;
  return (
    <Page title="Administration">
      <Text>You are not a platform administrator. An administrator can grant you permissions.</Text>
    </Page>
  );
}
