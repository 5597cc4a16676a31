import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { useSystemTemplates } from './system-templates.query';
import { ChangedBy, StateBadge } from './template-state';

const NO_FILTERS: readonly never[] = [];

/** Herald's own emails (sign-in link, invitation): each as the next one will go out. */
export function SystemTemplatesPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const templates = useSystemTemplates(page);
  return (
    <Page title="System templates">
      <Text size="sm" c="dimmed">
        The emails Herald sends itself. A replacement is used from the next such email; resetting goes back to the built-in one.
      </Text>
      <ErrorAlert error={templates.error} title="Could not load the system templates" />
      {templates.isLoading && <Loader aria-label="Loading system templates" />}
      {templates.data && (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="sm">
              <Table.Caption>Herald&apos;s own email templates</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">What it is</Table.Th>
                  <Table.Th scope="col">In use</Table.Th>
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Replaced</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {templates.data.items.map((t) => (
                  <Table.Tr key={t.name}>
                    <Table.Td>
                      <Anchor component={Link} to={encodeURIComponent(t.name)} ff="monospace">
                        {t.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t.description}</Table.Td>
                    <Table.Td>
                      <StateBadge template={t} />
                    </Table.Td>
                    <Table.Td>{t.subject}</Table.Td>
                    <Table.Td>
                      <ChangedBy template={t} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} totalPages={templates.data.total_pages} total={templates.data.total} onChange={setPage} label="templates" />
        </>
      )}
    </Page>
  );
}
