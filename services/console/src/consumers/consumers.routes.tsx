import type { RouteObject } from 'react-router';

/** The project's webhook consumers (its own customers) and their endpoints. */
export const consumersRoutes: RouteObject[] = [
  { path: 'consumers', lazy: () => import('./consumers-page').then((m) => ({ Component: m.ConsumersPage })) },
  { path: 'consumers/:uid', lazy: () => import('./consumer-page').then((m) => ({ Component: m.ConsumerPage })) },
  {
    // An endpoint's screens are the portal's, on the member's client (see ConsumerEndpointsScope).
    path: 'consumers/:uid/endpoints',
    lazy: () => import('./consumer-endpoints-scope').then((m) => ({ Component: m.ConsumerEndpointsScope })),
    children: [
      { path: 'new', lazy: () => import('../portal/endpoints/new-endpoint-page').then((m) => ({ Component: m.NewEndpointPage })) },
      { path: ':endpointId', lazy: () => import('../portal/endpoints/endpoint-page').then((m) => ({ Component: m.EndpointPage })) },
      {
        path: ':endpointId/edit',
        lazy: () => import('../portal/endpoints/edit-endpoint-page').then((m) => ({ Component: m.EditEndpointPage })),
      },
      {
        path: ':endpointId/deliveries/:deliveryId',
        lazy: () => import('../portal/deliveries/delivery-page').then((m) => ({ Component: m.DeliveryPage })),
      },
    ],
  },
];
