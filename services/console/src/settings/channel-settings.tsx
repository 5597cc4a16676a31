import { Code, SimpleGrid, Stack, Title } from '@mantine/core';
import type { components } from '@herald/client';
import type { ReactNode } from 'react';
import { FactsTable } from '../shared/facts-table';
import { formatBytes, formatDelay } from './duration';

type ChannelSettings = components['schemas']['ChannelSettings'];

/** A value as configured: monospace, or "not set" in words rather than an empty cell. */
const shown = (value: string | number | null | undefined): ReactNode =>
  value === null || value === undefined || value === '' ? 'Not set' : <Code>{String(value)}</Code>;

function emailRows(email: ChannelSettings['email']): Array<[string, ReactNode]> {
  const rows: Array<[string, ReactNode]> = [
    ['Provider', email.provider === 'ses' ? 'Amazon SES' : 'SMTP'],
    ['Sender', shown(email.from)],
  ];
  if (email.smtp) rows.push(['SMTP server', shown(email.smtp.url)]);
  if (email.ses) {
    rows.push(
      ['SES endpoint', email.ses.endpoint ? shown(email.ses.endpoint) : "Amazon's own"],
      ['SES region', shown(email.ses.region)],
      ['Access key ID', shown(email.ses.access_key_id)],
      ['Secret access key', shown(email.ses.secret_access_key)],
    );
  }
  return rows;
}

function smsRows(sms: ChannelSettings['sms']): Array<[string, ReactNode]> {
  return [
    ['Provider', sms.provider === 'twilio' ? 'Twilio' : sms.provider],
    ['Account SID', shown(sms.account_sid)],
    ['Auth token', shown(sms.auth_token)],
    ['Sender number', shown(sms.from_number)],
    ['API base URL', sms.api_base_url ? shown(sms.api_base_url) : "Twilio's own"],
  ];
}

function webhookRows(webhook: ChannelSettings['webhook']): Array<[string, ReactNode]> {
  return [
    ['Timeout', formatDelay(webhook.timeout_ms)],
    ['Largest response read', formatBytes(webhook.max_response_bytes)],
    ['Deliveries in flight per worker', webhook.prefetch ?? 'Not set'],
    ['Signature header', shown(webhook.signature_header)],
    [
      'Private networks allowed',
      webhook.ssrf_allow_cidrs?.length ? shown(webhook.ssrf_allow_cidrs.join(', ')) : 'None: public addresses only',
    ],
  ];
}

/** The configuration the delivery workers run with, one block per channel; secrets come masked from the api. */
export function ChannelSettingsView({ settings }: { settings: ChannelSettings }) {
  const blocks: Array<[string, Array<[string, ReactNode]>]> = [
    ['Email', emailRows(settings.email)],
    ['SMS', smsRows(settings.sms)],
    ['Webhook', webhookRows(settings.webhook)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
      {blocks.map(([title, rows]) => (
        <Stack key={title} gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <FactsTable caption={`${title} settings`} rows={rows} nameWidth={150} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
