import type { components } from '@herald/client';

export type Channel = components['schemas']['Channel'];

/** The channels in the order the console lists them, with the words a person reads. */
export const CHANNEL_OPTIONS: Array<{ value: Channel; label: string }> = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'webhook', label: 'Webhook' },
];

export function channelLabel(channel: string): string {
  return CHANNEL_OPTIONS.find((c) => c.value === channel)?.label ?? channel;
}
