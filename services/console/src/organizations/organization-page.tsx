import { Anchor, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CreateProjectButton } from '../projects/create-project-button';
import { projectsKey } from '../projects/projects.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { useMembership, useOrganizationId } from './organization.query';
import { may } from './roles';
import { Section } from './section';

/** An organization's projects; its admins and owners can create more. */
export function OrganizationPage() {
  const organizationId = useOrganizationId();
  const api = useControlApi();
  const { membership } = useMembership();
  const projects = useQuery({
    queryKey: projectsKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/organizations/{organization_id}/projects', {
          params: { path: { organization_id: organizationId }, query: { per_page: 100 } },
        }),
      ),
  });
  return (
    <Section title="Projects" actions={may.createProject(membership?.role) && <CreateProjectButton organizationId={organizationId} />}>
      <ErrorAlert error={projects.error} title="Could not load the projects" />
      {projects.isLoading && <Loader aria-label="Loading projects" />}
      {projects.data && (
        <Table striped highlightOnHover captionSide="top">
          <Table.Caption>Projects of this organization</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Description</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.data.items.map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/projects/${project.id}`}>
                    {project.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{project.description ?? ''}</Table.Td>
                <Table.Td>{formatTime(project.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {projects.data?.items.length === 0 && <Text>No project yet.</Text>}
    </Section>
  );
}
