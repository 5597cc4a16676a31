import { Alert, Anchor, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEndpointScope } from '../../shared/endpoint-scope';

/**
 * A form that changes endpoints, or in its place why not: a reader who types the address of one
 * is told so, rather than filling in a form the api will refuse. Nothing shows while the role is
 * still being read, so neither the form nor the refusal flashes up wrongly.
 */
export function WritersOnly({ children }: { children: ReactNode }) {
  const { to, mayWrite } = useEndpointScope();
  if (mayWrite === undefined) return <Loader aria-label="Checking your role" />;
  if (!mayWrite)
    return (
      <Alert color="yellow" title="Your role may not change endpoints" role="status">
        You can read this consumer&apos;s endpoints and their deliveries, but not add or change them. Ask an organization developer or admin
        to.{' '}
        <Anchor component={Link} to={to('/')}>
          Back to the endpoints
        </Anchor>
      </Alert>
    );
  return children;
}
