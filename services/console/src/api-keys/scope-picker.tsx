import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { SCOPE_AREAS, scopesOf, type Access, type Scope } from './scopes';

interface ScopePickerProps {
  value: Scope[];
  onChange(value: Scope[]): void;
  error?: string;
}

/** The scopes the api accepts, as checkboxes in two groups (read, write), each with an "all" box. */
export function ScopePicker({ value, onChange, error }: ScopePickerProps) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ScopeGroup access="read" value={value} onChange={onChange} />
        <ScopeGroup access="write" value={value} onChange={onChange} />
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ScopeGroup({ access, value, onChange }: { access: Access } & ScopePickerProps) {
  const all = scopesOf(access);
  const chosen = all.filter((s) => value.includes(s));
  const toggle = (scope: Scope, on: boolean) => onChange(on ? [...value, scope] : value.filter((s) => s !== scope));
  return (
    <Fieldset legend={access === 'read' ? 'Read scopes' : 'Write scopes'} variant="filled">
      <Stack gap={6}>
        <Checkbox
          label={`All ${access} scopes`}
          checked={chosen.length === all.length}
          indeterminate={chosen.length > 0 && chosen.length < all.length}
          onChange={(e) => onChange(e.currentTarget.checked ? [...new Set([...value, ...all])] : value.filter((s) => !all.includes(s)))}
          fw={600}
        />
        {SCOPE_AREAS.map((area) => {
          const scope = `${area}:${access}` as Scope;
          return (
            <Checkbox
              key={scope}
              label={scope}
              checked={value.includes(scope)}
              onChange={(e) => toggle(scope, e.currentTarget.checked)}
              styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}
