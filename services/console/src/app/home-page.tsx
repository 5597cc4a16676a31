import { Anchor, Card, List, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAllProjects } from '../projects/projects.query';
import { CreateOrganizationButton } from '../organizations/create-organization-button';
import { Page } from '../shared/page';

/** Where a person lands after signing in: every organization they belong to, with its projects. */
export function HomePage() {
  const { groups, isLoading } = useAllProjects();
  return (
    <Page title="Your projects" actions={<CreateOrganizationButton />}>
      {isLoading && <Loader aria-label="Loading projects" />}
      {!isLoading && groups.length === 0 && (
        <Text>You belong to no organization yet. Create one to start, or accept an invitation from its email.</Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {groups.map(({ organization, projects }) => (
          <Card key={organization.id} withBorder component="section" aria-labelledby={`org-${organization.id}`}>
            <Title order={2} size="h4" id={`org-${organization.id}`}>
              <Anchor component={Link} to={`/organizations/${organization.id}`}>
                {organization.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              Your role: {organization.role}
            </Text>
            {projects.length === 0 ? (
              <Text size="sm">No project yet.</Text>
            ) : (
              <List listStyleType="none" spacing={4}>
                {projects.map((project) => (
                  <List.Item key={project.id}>
                    <Anchor component={Link} to={`/projects/${project.id}`}>
                      {project.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
