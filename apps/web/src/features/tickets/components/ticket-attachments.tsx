// The ticket's images: thumbnails that open at full size, several added at once (checked by
// content first), and deletion after confirmation.
import { useState } from 'react';
import { ActionIcon, Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketAttachment } from '@fieldops/shared/helpdesk';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { IMAGE_ACCEPT, imageFilesProblem } from '../../../lib/image-files.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTicketAttachmentMutation } from '../api/delete-ticket-attachment.ts';
import { useTicketAttachmentsQuery } from '../api/get-ticket-attachments.ts';
import { useAddTicketAttachmentsMutation } from '../api/upload-ticket-attachments.ts';
import { EmptyLine } from './empty-line.tsx';
import { ImageViewerModal } from './image-viewer-modal.tsx';

interface TicketAttachmentsProps {
  ticket: Ticket;
  /** Whether the user may delete this attachment. */
  canDelete: (attachment: TicketAttachment) => boolean;
}

export function TicketAttachments({ ticket, canDelete }: TicketAttachmentsProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useTicketAttachmentsQuery(ticket.id);
  const upload = useAddTicketAttachmentsMutation();
  const remove = useDeleteTicketAttachmentMutation();
  const [viewing, setViewing] = useState<TicketAttachment | null>(null);
  const [deleting, setDeleting] = useState<TicketAttachment | null>(null);
  const [checking, setChecking] = useState(false);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setChecking(true);
    const problem = await imageFilesProblem(files);
    setChecking(false);
    if (problem) {
      notifyError(translateMessage(problem));
      return;
    }
    upload.mutate(
      { ticketId: ticket.id, files },
      {
        onSuccess: () => notifySuccess(t('messages.attachmentsAdded')),
        onError: (error) => notifyError(errorMessage(error, 'uploadAttachmentsFailed')),
      },
    );
  };

  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { ticketId: ticket.id, attachmentId: deleting.id },
      {
        onSuccess: () => {
          notifySuccess(t('messages.attachmentDeleted'));
          closeDelete();
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4">
            {t('tickets.attachments.title')}
            {query.data ? (
              <Text span c="dimmed" fz="sm" ms={8}>
                {formatNumber(query.data.total, language)}
              </Text>
            ) : null}
          </Title>
          <FileButton multiple accept={IMAGE_ACCEPT} onChange={(files) => void add(files)}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconPhotoPlus size={14} />} loading={checking || upload.isPending}>
                {t('tickets.attachments.add')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          {t('tickets.attachments.hint')}
        </Text>
        <QueryGate
          query={query}
          fallbackKey="fetchAttachmentsFailed"
          withCard={false}
          loaderHeight={120}
          isEmpty={(attachments) => attachments.data.length === 0}
          empty={<EmptyLine icon={<IconPhotoOff size={18} aria-hidden />} text={t('tickets.attachments.empty')} />}
        >
          {(attachments) => (
            <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
              {attachments.data.map((attachment) => (
                <Card key={attachment.id} withBorder radius="sm" padding={4}>
                  <UnstyledButton
                    onClick={() => setViewing(attachment)}
                    aria-label={t('tickets.attachments.open', { name: attachment.name })}
                    style={{ display: 'block' }}
                  >
                    <Image src={attachment.url} alt={attachment.name} h={110} fit="cover" radius="xs" />
                  </UnstyledButton>
                  <Group justify="space-between" gap={4} wrap="nowrap" mt={4}>
                    <Text size="xs" truncate="end" title={attachment.name}>
                      {attachment.name}
                    </Text>
                    {canDelete(attachment) ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('tickets.attachments.delete', { name: attachment.name })}
                        onClick={() => setDeleting(attachment)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </QueryGate>
      </Stack>
      <ImageViewerModal image={viewing} onClose={() => setViewing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('tickets.attachments.deleteTitle')}
        message={deleting ? t('tickets.attachments.deleteText', { name: deleting.name }) : ''}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmDelete}
        onClose={closeDelete}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'deleteAttachmentFailed') : null}
      />
    </Card>
  );
}
