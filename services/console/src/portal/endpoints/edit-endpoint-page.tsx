import { Loader } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { Page } from '../../shared/page';
import { ownedTitle, useEndpointScope } from '../../shared/endpoint-scope';
import { EndpointForm } from './endpoint-form';
import { useEndpointMutations } from './endpoint-mutations';
import { useEndpoint, useEventTypes } from './endpoints.query';
import { WritersOnly } from './writers-only';

/** Changes an endpoint's URL, description, event types, rate limit or whether it is enabled. */
export function EditEndpointPage() {
  const endpointId = useParams().endpointId!;
  const navigate = useNavigate();
  const { to, titleSuffix, owner } = useEndpointScope();
  const endpoint = useEndpoint(endpointId);
  const catalogue = useEventTypes();
  const { update } = useEndpointMutations(endpointId);
  const back = () => navigate(to(`/endpoints/${endpointId}`));
  return (
    <Page title={ownedTitle('Edit endpoint', owner)} titleSuffix={titleSuffix}>
      <WritersOnly>
        <ErrorAlert error={endpoint.error} title="Could not load the endpoint" />
        {(endpoint.isPending || catalogue.isPending) && !endpoint.error && <Loader aria-label="Loading the endpoint" />}
        {endpoint.data && !catalogue.isPending && (
          <EndpointForm
            endpoint={endpoint.data}
            catalogue={catalogue.data ?? []}
            catalogueError={catalogue.error}
            submitLabel="Save changes"
            pending={update.isPending}
            error={update.error}
            onSubmit={(values) => update.mutate({ values, wasEnabled: endpoint.data.enabled }, { onSuccess: back })}
            onCancel={back}
          />
        )}
      </WritersOnly>
    </Page>
  );
}
