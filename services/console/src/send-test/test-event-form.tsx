import { Button, Checkbox, Fieldset, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { CHANNELS, parsePayload, withVariables, type Channel, type Draft } from './event-draft';
import { useTemplateChoices } from './templates.query';
import { CodeTextarea } from '../shared/code-textarea';

interface TestEventFormProps {
  draft: Draft;
  onChange(draft: Draft): void;
  onSend(): void;
  sending: boolean;
  error: unknown;
}

/** One event to one recipient, every field as the api names it; the api's refusals appear at their fields. */
export function TestEventForm({ draft, onChange, onSend, sending, error }: TestEventFormProps) {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const templates = useTemplateChoices();
  const refused = error instanceof ApiError ? error : undefined;
  const field = (name: string) => refused?.fieldMessage(name);
  const payload = parsePayload(draft.payload);
  const payloadError = 'error' in payload ? payload.error : field('payload');
  const chosen = templates.data?.find((t) => t.name === draft.templateName);
  const fieldMessages = ['event_type', 'email', 'phone', 'webhook_url', 'channels', 'html', 'subject', 'text', 'template_name', 'payload'];
  const shownAtField = fieldMessages.some((name) => field(name));
  const has = (channel: Channel) => draft.channels.includes(channel);

  return (
    <form
      aria-label="Test event"
      onSubmit={(e) => {
        e.preventDefault();
        if (!('error' in payload)) onSend();
      }}
    >
      <Stack>
        <TextInput
          label="Event type"
          description="Your name for what happened, e.g. order.shipped"
          required
          value={draft.eventType}
          onChange={(e) => set('eventType', e.currentTarget.value)}
          error={field('event_type')}
          maxLength={255}
        />
        <Fieldset legend="Recipient">
          <Stack gap="sm">
            <Checkbox.Group
              label="Channels"
              value={draft.channels}
              onChange={(value) => set('channels', value as Channel[])}
              error={field('channels')}
              required
            >
              <Group mt={4}>
                {CHANNELS.map((c) => (
                  <Checkbox key={c.value} value={c.value} label={c.label} />
                ))}
              </Group>
            </Checkbox.Group>
            {has('email') && (
              <TextInput
                label="Email address"
                type="email"
                required
                value={draft.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={field('email')}
              />
            )}
            {has('sms') && (
              <TextInput
                label="Phone number"
                description="E.164: a plus sign, then up to 15 digits"
                type="tel"
                required
                placeholder="+15551234567"
                value={draft.phone}
                onChange={(e) => set('phone', e.currentTarget.value)}
                error={field('phone')}
              />
            )}
            {has('webhook') && (
              <TextInput
                label="Webhook URL"
                description="A public http(s) URL; Herald POSTs the payload to it, signed"
                type="url"
                required
                placeholder="https://example.com/hooks/herald"
                value={draft.webhookUrl}
                onChange={(e) => set('webhookUrl', e.currentTarget.value)}
                error={field('webhook_url')}
              />
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend="Content">
          <Stack gap="sm">
            <Radio.Group label="Content from" value={draft.content} onChange={(value) => set('content', value as Draft['content'])}>
              <Group mt={4}>
                <Radio value="inline" label="Inline content" />
                <Radio value="template" label="A template" />
              </Group>
            </Radio.Group>
            {draft.content === 'inline' ? (
              <>
                <TextInput
                  label="Subject"
                  value={draft.subject}
                  onChange={(e) => set('subject', e.currentTarget.value)}
                  error={field('subject')}
                />
                <CodeTextarea
                  label="HTML"
                  required
                  minRows={3}
                  maxRows={12}
                  value={draft.html}
                  onChange={(e) => set('html', e.currentTarget.value)}
                  error={field('html')}
                />
                <Textarea
                  label="Text"
                  description="The plain-text version (SMS sends this); optional"
                  autosize
                  minRows={2}
                  maxRows={8}
                  value={draft.text}
                  onChange={(e) => set('text', e.currentTarget.value)}
                  error={field('text')}
                />
              </>
            ) : (
              <Select
                label="Template"
                required
                placeholder={templates.isLoading ? 'Loading templates…' : 'Choose a template'}
                data={(templates.data ?? []).map((t) => ({ value: t.name, label: `${t.name} (${t.channels.join(', ')})` }))}
                value={draft.templateName || null}
                onChange={(name) => {
                  const next = templates.data?.find((t) => t.name === name);
                  onChange({
                    ...draft,
                    templateName: name ?? '',
                    payload: next ? withVariables(draft.payload, next.variables) : draft.payload,
                  });
                }}
                searchable
                nothingFoundMessage={templates.error ? 'Could not load the templates' : 'No template in this project'}
                error={field('template_name')}
              />
            )}
          </Stack>
        </Fieldset>
        <CodeTextarea
          label="Payload (JSON)"
          description={
            draft.content === 'template' && chosen?.variables.length
              ? `The template's variables come from here: ${chosen.variables.join(', ')}. Webhooks receive it whole.`
              : 'A JSON object: webhooks receive it whole, templates read their variables from it.'
          }
          minRows={4}
          maxRows={16}
          value={draft.payload}
          onChange={(e) => set('payload', e.currentTarget.value)}
          error={payloadError}
        />
        {!shownAtField && <ErrorAlert error={error} title="The event was not accepted" />}
        {shownAtField && (
          <Text c="red" size="sm" role="alert">
            The api refused some fields; see the messages above.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={sending}>
            Send test event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
