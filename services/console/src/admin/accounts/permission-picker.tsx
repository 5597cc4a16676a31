import { Checkbox, Fieldset, SimpleGrid, Text } from '@mantine/core';
import { ADMIN_PERMISSIONS, type AdminPermission } from '../admin-permissions';

interface Props {
  legend: string;
  value: AdminPermission[];
  onChange(value: AdminPermission[]): void;
  /** What the caller holds: nobody grants what they lack, so the others say so (the api refuses them). */
  held: readonly AdminPermission[];
  error?: string;
}

/** The permissions as labelled checkboxes in one named group. */
export function PermissionPicker({ legend, value, onChange, held, error }: Props) {
  const toggle = (permission: AdminPermission, on: boolean) =>
    onChange(on ? ADMIN_PERMISSIONS.filter((p) => p === permission || value.includes(p)) : value.filter((p) => p !== permission));
  return (
    <Fieldset legend={legend} variant="filled">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {ADMIN_PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            label={permission}
            description={held.includes(permission) ? undefined : 'You do not hold it'}
            checked={value.includes(permission)}
            onChange={(e) => toggle(permission, e.currentTarget.checked)}
            styles={{ label: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text c="red.8" size="sm" role="alert" mt="xs">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
