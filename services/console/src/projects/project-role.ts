import { atLeast, type Role } from '../organizations/roles';
import { useAllProjects } from './projects.query';
import { useProjectId } from './current-project';

/** The signed-in member's role in the organization that holds the project in the URL; undefined while loading. */
export function useProjectRole(): Role | undefined {
  const projectId = useProjectId();
  const { groups } = useAllProjects();
  return groups.find((g) => g.projects.some((p) => p.id === projectId))?.organization.role;
}

/**
 * Whether the member may change this project's resources: a viewer holds only the `:read`
 * scopes, every other role every scope (control-plane.md). Undefined until the role is known. Only hides
 * controls; the api decides.
 */
export function useMayWriteProject(): boolean | undefined {
  const role = useProjectRole();
  return role === undefined ? undefined : atLeast(role, 'developer');
}
