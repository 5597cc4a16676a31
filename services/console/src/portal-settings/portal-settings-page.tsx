import { Alert, Button, Group, Loader, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { Page } from '../shared/page';
import { usePortalSettings, useSavePortalSettings, type PortalSettings } from './portal-settings.query';

type Theme = PortalSettings['theme'];
const COLOURS = [
  { key: 'primary_color', label: 'Primary colour' },
  { key: 'background_color', label: 'Background colour' },
  { key: 'text_color', label: 'Text colour' },
] as const;

/** One origin per line, blank lines ignored: what the api stores as `allowed_origins`. */
const originsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The api names a refused origin by its index (`allowed_origins.2`): say which line it was. */
function originsError(error: unknown, origins: string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = error.fields.find((f) => f.field === 'allowed_origins' || f.field.startsWith('allowed_origins.'));
  if (!field) return undefined;
  const index = Number(field.field.split('.')[1]);
  return Number.isInteger(index) && origins[index] !== undefined ? `${origins[index]}: ${field.message}` : field.message;
}

/**
 * Where the project's consumer portal may be embedded (its page's CSP frame-ancestors) and the
 * theme it shows with. Both are replaced whole on save, as the api does.
 */
export function PortalSettingsPage() {
  const settings = usePortalSettings();
  const save = useSavePortalSettings();
  const [origins, setOrigins] = useState('');
  const [theme, setTheme] = useState<Theme>({});
  useEffect(() => {
    if (!settings.data) return;
    setOrigins(settings.data.allowed_origins.join('\n'));
    setTheme(settings.data.theme);
  }, [settings.data]);
  const sentOrigins = originsOf(origins);
  const fieldError = (field: string) => (save.error instanceof ApiError ? save.error.fieldMessage(field) : undefined);
  const originError = originsError(save.error, sentOrigins);
  const themeField = (key: keyof Theme, value: string | number | undefined) => {
    save.reset();
    setTheme((current) => {
      const next = { ...current };
      if (value === '' || value === undefined) delete next[key];
      else (next as Record<string, unknown>)[key] = value;
      return next;
    });
  };
  return (
    <Page title="Consumer portal">
      <Text size="sm" c="dimmed">
        Your customers manage their webhook endpoints in the consumer portal, opened through a link your backend asks for (POST
        /consumers/&#123;uid&#125;/portal-sessions). Here you choose which of your sites may show it in a frame, and its colours.
      </Text>
      <ErrorAlert error={settings.error} title="Could not load the portal settings" />
      {settings.isLoading && <Loader aria-label="Loading the portal settings" />}
      {settings.data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ allowed_origins: sentOrigins, theme });
          }}
        >
          <Stack maw={560}>
            <Title order={2} size="h4">
              Where it may be embedded
            </Title>
            <Textarea
              label="Allowed origins"
              description="One per line, exactly an origin such as https://app.example.com (no path). None: the portal cannot be framed."
              autosize
              minRows={3}
              value={origins}
              onChange={(e) => {
                save.reset();
                setOrigins(e.currentTarget.value);
              }}
              error={originError}
            />
            <Title order={2} size="h4">
              Theme
            </Title>
            {COLOURS.map(({ key, label }) => (
              <TextInput
                key={key}
                label={label}
                description="#rrggbb; empty: the portal's default"
                value={theme[key] ?? ''}
                onChange={(e) => themeField(key, e.currentTarget.value.trim())}
                error={fieldError(key)}
                maxLength={7}
              />
            ))}
            <NumberInput
              label="Corner radius (px)"
              min={0}
              max={24}
              allowDecimal={false}
              value={theme.border_radius_px ?? ''}
              onChange={(value) => themeField('border_radius_px', typeof value === 'number' ? value : undefined)}
              error={fieldError('border_radius_px')}
            />
            <TextInput
              label="Font family"
              description="Letters, digits, spaces, commas, quotes and hyphens, e.g. Inter, sans-serif"
              value={theme.font_family ?? ''}
              onChange={(e) => themeField('font_family', e.currentTarget.value)}
              error={fieldError('font_family')}
              maxLength={100}
            />
            {!originError && !(save.error instanceof ApiError && save.error.fields.length) && (
              <ErrorAlert error={save.error} title="Could not save the portal settings" />
            )}
            {save.isSuccess && (
              <Alert color="green" role="status" title="Saved">
                The portal uses these settings from its next load.
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save portal settings
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}
