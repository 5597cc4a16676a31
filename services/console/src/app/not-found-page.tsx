import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../shared/page';

export function NotFoundPage() {
  return (
    <Page title="Not found">
      <Text>
        Nothing lives at this address.{' '}
        <Anchor component={Link} to="/">
          Go to your projects
        </Anchor>
        .
      </Text>
    </Page>
  );
}
