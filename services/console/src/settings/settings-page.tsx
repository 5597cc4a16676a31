import { Loader, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../shared/error-alert';
import { Page } from '../shared/page';
import { ChannelSettingsView } from './channel-settings';
import { RetryPoliciesTable } from './retry-policies-table';
import { useChannelSettings, useRetryPolicies } from './settings.query';

/** What the delivery workers run with, read only: it comes from the deployment's environment, not from the console. */
export function SettingsPage() {
  const channels = useChannelSettings();
  const retries = useRetryPolicies();
  return (
    <Page title="Settings">
      <Text size="sm" c="dimmed">
        The effective configuration of this deployment, the same for every project. It is set by the environment Herald runs in and cannot
        be changed here; secrets are masked.
      </Text>
      <Stack gap="xs" component="section" aria-labelledby="retry-policies-title">
        <Title order={2} size="h4" id="retry-policies-title">
          Retry policies
        </Title>
        <ErrorAlert error={retries.error} title="Could not load the retry policies" />
        {retries.isLoading && <Loader aria-label="Loading the retry policies" />}
        {retries.data && <RetryPoliciesTable policies={retries.data} />}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="channels-title">
        <Title order={2} size="h4" id="channels-title">
          Channels
        </Title>
        <ErrorAlert error={channels.error} title="Could not load the channel settings" />
        {channels.isLoading && <Loader aria-label="Loading the channel settings" />}
        {channels.data && <ChannelSettingsView settings={channels.data} />}
      </Stack>
    </Page>
  );
}
