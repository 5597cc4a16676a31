import { Anchor, Text } from '@mantine/core';
import { createHashRouter, Link } from 'react-router';
import { DeliveryPage } from '../deliveries/delivery-page';
import { EditEndpointPage } from '../endpoints/edit-endpoint-page';
import { EndpointPage } from '../endpoints/endpoint-page';
import { EndpointsPage } from '../endpoints/endpoints-page';
import { NewEndpointPage } from '../endpoints/new-endpoint-page';
import { Page } from '../../shared/page';
import { PORTAL_TITLE_SUFFIX } from './portal-title';
import { PortalShell } from './portal-shell';

function NotFound() {
  return (
    <Page title="Not found" titleSuffix={PORTAL_TITLE_SUFFIX}>
      <Text>
        Nothing lives at this address.{' '}
        <Anchor component={Link} to="/">
          Go to your endpoints
        </Anchor>
        .
      </Text>
    </Page>
  );
}

/**
 * The portal's screens live in the fragment (`/portal/<project_id>#/endpoints/<id>`): the server
 * serves one page at `/portal/<project_id>`, and the back button and a reload still work.
 */
export function createPortalRouter() {
  return createHashRouter([
    {
      element: <PortalShell />,
      children: [
        { index: true, element: <EndpointsPage /> },
        { path: 'endpoints/new', element: <NewEndpointPage /> },
        { path: 'endpoints/:endpointId', element: <EndpointPage /> },
        { path: 'endpoints/:endpointId/edit', element: <EditEndpointPage /> },
        { path: 'endpoints/:endpointId/deliveries/:deliveryId', element: <DeliveryPage /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
