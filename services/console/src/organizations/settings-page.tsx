import { Group, Text } from '@mantine/core';
import { DeleteButton, LeaveButton } from './leave-or-delete';
import { useMembership } from './organization.query';
import { RenameForm } from './rename-form';
import { may } from './roles';
import { Section } from './section';

/** Rename (admins), leave (everyone) and delete (owners): each offered only to whom the api allows it. */
export function SettingsPage() {
  const { me, membership } = useMembership();
  if (!membership || !me.data) return null;
  const { role, name } = membership;
  return (
    <>
      {may.rename(role) && (
        <Section title="Name">
          <RenameForm key={name} current={name} />
        </Section>
      )}
      <Section title={may.deleteOrganization(role) ? 'Leave or delete' : 'Leave'}>
        <Text size="sm" c="dimmed">
          {may.deleteOrganization(role)
            ? 'An organization keeps at least one owner: make someone else owner before you leave.'
            : 'Leaving takes you out of this organization and its projects.'}
        </Text>
        <Group>
          <LeaveButton userId={me.data.id} name={name} />
          {may.deleteOrganization(role) && <DeleteButton name={name} />}
        </Group>
      </Section>
    </>
  );
}
