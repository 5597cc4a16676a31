import { Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ShownOnce } from '../../shared/shown-once';
import { Page } from '../../shared/page';
import { ownedTitle, useEndpointScope } from '../../shared/endpoint-scope';
import { EndpointForm } from './endpoint-form';
import { useEndpointMutations } from './endpoint-mutations';
import { useEventTypes } from './endpoints.query';
import { WritersOnly } from './writers-only';

/** Adds an endpoint; its signing secret is shown once, right after. */
export function NewEndpointPage() {
  const navigate = useNavigate();
  const { to, titleSuffix, owner } = useEndpointScope();
  const catalogue = useEventTypes();
  const { create } = useEndpointMutations();
  if (create.data) {
    return (
      <Page title="Endpoint added" titleSuffix={titleSuffix}>
        <Stack maw={760}>
          <Text>
            Webhooks to{' '}
            <Text span ff="monospace">
              {create.data.url}
            </Text>{' '}
            are signed with this secret. Verify every request with it.
          </Text>
          <ShownOnce
            label="Signing secret"
            secret={create.data.signing_secret}
            warning="Store it with your receiver now. You can rotate it later, which shows a new one."
          />
          <Button component={Link} to={to(`/endpoints/${create.data.id}`)} w="fit-content">
            Go to the endpoint
          </Button>
        </Stack>
      </Page>
    );
  }
  return (
    <Page title={ownedTitle('Add an endpoint', owner, 'for')} titleSuffix={titleSuffix}>
      <WritersOnly>
        {catalogue.isPending ? (
          <Text size="sm">Loading the event types…</Text>
        ) : (
          <EndpointForm
            catalogue={catalogue.data ?? []}
            catalogueError={catalogue.error}
            submitLabel="Add endpoint"
            pending={create.isPending}
            error={create.error}
            onSubmit={(values) => create.mutate(values)}
            onCancel={() => navigate(to('/'))}
          />
        )}
      </WritersOnly>
    </Page>
  );
}
