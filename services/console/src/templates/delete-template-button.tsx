import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { useDeleteTemplate } from './templates.queries';

/** Deleting asks first: events that name the template by id or name fail once it is gone. */
export function DeleteTemplateButton({ id, name }: { id: string; name: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const projectId = useProjectId();
  const navigate = useNavigate();
  const remove = useDeleteTemplate(id, () => {
    notifications.show({ color: 'green', message: `Template ${name} deleted` });
    navigate(`/projects/${projectId}/templates`, { replace: true });
  });
  return (
    <>
      <Button color="red" variant="outline" onClick={open}>
        Delete template
      </Button>
      <Modal opened={opened} onClose={close} title={`Delete the template ${name}?`} centered>
        <Stack>
          <Text size="sm">
            Notifications already fanned out keep what was rendered for them; events sent afterwards that name this template are refused.
            This cannot be undone.
          </Text>
          <ErrorAlert error={remove.error} title="Not deleted" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete {name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
