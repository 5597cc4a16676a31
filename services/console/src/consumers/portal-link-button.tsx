import { Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { ShownOnce } from '../shared/shown-once';
import { useCreatePortalLink } from './consumers.query';

/**
 * Makes a portal link for this consumer, as the project's backend would, so a member can open
 * the portal as that customer (or hand it over). The api returns its code once.
 */
export function PortalLinkButton({ uid }: { uid: string }) {
  const [opened, { open, close }] = useDisclosure();
  const link = useCreatePortalLink(uid);
  const finish = () => {
    close();
    link.reset();
  };
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          open();
          link.mutate();
        }}
      >
        Open portal link
      </Button>
      <Modal opened={opened} onClose={finish} title="Portal link" size="lg" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack>
          <ErrorAlert error={link.error} title="No link was made" />
          {link.isPending && <Text size="sm">Making a link…</Text>}
          {link.data && (
            <>
              <ShownOnce
                label="Portal link"
                secret={link.data.url}
                warning={`It works once, and only until ${formatTime(link.data.code_expires_at)} (5 minutes); opening it starts a portal session of ${Math.round(link.data.session_ttl_seconds / 60)} minutes for this consumer only. Anyone holding it can manage this consumer's endpoints.`}
              />
              <Text size="sm">
                <a href={link.data.url} target="_blank" rel="noreferrer">
                  Open the portal in a new tab
                </a>
              </Text>
            </>
          )}
          <Button onClick={finish} data-autofocus>
            Done
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
