// The ticket's comments, newest first, 10 at a time with "load more"; a box to add one (text
// and/or an image); the author edits their own. After a change the newest 40 are read again.
import { useState } from 'react';
import { Avatar, Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessageOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketComment } from '@fieldops/shared/helpdesk';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { initialOf } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useAddTicketCommentMutation, type CommentInput } from '../api/add-ticket-comment.ts';
import { useTicketCommentsQuery } from '../api/get-ticket-comments.ts';
import { useUpdateTicketCommentMutation } from '../api/update-ticket-comment.ts';
import { CommentEditor } from './comment-editor.tsx';
import { EmptyLine } from './empty-line.tsx';
import { ImageViewerModal } from './image-viewer-modal.tsx';
import { TicketFeed } from './ticket-feed.tsx';

function CommentItem({
  comment,
  mine,
  onEdit,
  onOpenImage,
}: {
  comment: TicketComment;
  mine: boolean;
  onEdit: () => void;
  onOpenImage: (url: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const name = comment.creator ? comment.creator.fullName || comment.creator.username : t('tickets.history.someone');
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-comment-id={comment.id}>
      <Avatar radius="xl" size={36} src={comment.creator?.avatar ?? null} color="indigo" alt="">
        {initialOf(name)}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="wrap">
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" title={formatDateTime(comment.createdDate, language)}>
              {formatRelativeTime(comment.createdDate, language)}
            </Text>
            {comment.updatedDate ? (
              <Text size="xs" c="dimmed" fs="italic" title={formatDateTime(comment.updatedDate, language)}>
                {t('tickets.comments.edited')}
              </Text>
            ) : null}
          </Group>
          {mine ? (
            <Button variant="subtle" size="compact-xs" leftSection={<IconPencil size={12} />} onClick={onEdit}>
              {t('actions.edit')}
            </Button>
          ) : null}
        </Group>
        {comment.text ? (
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.text}
          </Text>
        ) : null}
        {comment.file ? (
          <UnstyledButton onClick={() => onOpenImage(comment.file ?? '')} aria-label={t('tickets.comments.openImage')} w={160}>
            <Image src={comment.file} alt={t('tickets.comments.image')} h={110} w={160} fit="cover" radius="sm" />
          </UnstyledButton>
        ) : null}
      </Stack>
    </Group>
  );
}

export function TicketComments({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { account } = useSession();
  const query = useTicketCommentsQuery(ticketId);
  const add = useAddTicketCommentMutation();
  const update = useUpdateTicketCommentMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const addComment = async (comment: CommentInput) => {
    try {
      await add.mutateAsync({ ticketId, comment });
    } catch (error) {
      notifyError(errorMessage(error, 'addCommentFailed'));
      return false;
    }
    notifySuccess(t('messages.commentAdded'));
    return true;
  };

  const editComment = async (commentId: number, comment: CommentInput) => {
    try {
      await update.mutateAsync({ ticketId, commentId, comment });
    } catch (error) {
      notifyError(errorMessage(error, 'updateCommentFailedLater'));
      return false;
    }
    notifySuccess(t('messages.commentUpdated'));
    setEditing(null);
    return true;
  };

  const total = query.data?.pages.at(-1)?.total;

  return (
    <TicketFeed
      title={
        <>
          {t('tickets.comments.title')}
          {total !== undefined ? (
            <Text span c="dimmed" fz="sm" ms={8}>
              {formatNumber(total, language)}
            </Text>
          ) : null}
        </>
      }
      query={query}
      fallbackKey="fetchCommentsFailed"
      empty={<EmptyLine icon={<IconMessageOff size={18} aria-hidden />} text={t('tickets.comments.empty')} />}
      top={<CommentEditor submitLabel={t('tickets.comments.add')} pending={add.isPending} onSubmit={addComment} />}
      gap="lg"
      after={<ImageViewerModal image={viewing ? { url: viewing, name: t('tickets.comments.image') } : null} onClose={() => setViewing(null)} />}
    >
      {(comments) =>
        comments
          // A comment added meanwhile can be read on two pages; it shows once.
          .filter((comment, index) => comments.findIndex((other) => other.id === comment.id) === index)
          .map((comment) =>
            editing === comment.id ? (
              <CommentEditor
                key={comment.id}
                initialText={comment.text ?? ''}
                existingFile={comment.file}
                submitLabel={t('actions.saveChanges')}
                pending={update.isPending}
                autoFocus
                onSubmit={(input) => editComment(comment.id, input)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <CommentItem
                key={comment.id}
                comment={comment}
                mine={comment.creatorId === account.id}
                onEdit={() => setEditing(comment.id)}
                onOpenImage={setViewing}
              />
            ),
          )
      }
    </TicketFeed>
  );
}
