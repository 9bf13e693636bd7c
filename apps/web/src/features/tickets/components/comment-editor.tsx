// Writing a comment, new or edited: its text and an optional image (checked by content). A
// comment needs one or the other ('Please enter a comment or attach a file.').
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ActionIcon, Button, FileButton, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { commentText } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/image-files.ts';
import type { CommentInput } from '../api/add-ticket-comment.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

interface CommentEditorProps {
  initialText?: string;
  /** The image the comment already has (kept unless another one is chosen). */
  existingFile?: string | null;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when the comment was saved, so the editor can empty itself. */
  onSubmit: (comment: CommentInput) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper withBorder radius="sm" p={4} pos="relative" w={88}>
      <Image src={url} alt={file.name} h={64} fit="cover" radius="xs" />
      <ActionIcon
        size="sm"
        radius="xl"
        variant="filled"
        color="dark"
        pos="absolute"
        top={6}
        style={{ insetInlineEnd: 6 }}
        aria-label={t('tickets.attachments.remove', { name: file.name })}
        onClick={onRemove}
      >
        <IconX size={12} />
      </ActionIcon>
    </Paper>
  );
}

export function CommentEditor({ initialText = '', existingFile = null, submitLabel, pending, onSubmit, onCancel, autoFocus = false }: CommentEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    const problem = await imageFileProblem(chosen);
    setError(problem);
    if (!problem) setFile(chosen);
  };

  const submit = useSingleFlight(async () => {
    const parsed = commentText.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.invalid);
      return;
    }
    if (!parsed.data && !file && !existingFile) {
      setError(MSG.commentEmpty);
      return;
    }
    setError(null);
    const saved = await onSubmit({ text: parsed.data ?? '', file });
    if (saved) {
      setText('');
      setFile(null);
    }
  });

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="xs">
        <Textarea
          aria-label={t('tickets.comments.label')}
          placeholder={t('tickets.comments.placeholder')}
          autosize
          minRows={2}
          maxRows={10}
          data-autofocus={autoFocus || undefined}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error ? translateMessage(error) : undefined}
        />
        {file ? <FilePreview file={file} onRemove={() => setFile(null)} /> : null}
        {!file && existingFile ? (
          <Text size="xs" c="dimmed">
            {t('tickets.comments.keepsImage')}
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm">
          <FileButton accept={IMAGE_ACCEPT} onChange={(chosen) => void choose(chosen)}>
            {(props) => (
              <Button {...props} variant="subtle" size="xs" leftSection={<IconPhotoPlus size={14} />}>
                {existingFile ? t('tickets.comments.replaceImage') : t('tickets.comments.attachImage')}
              </Button>
            )}
          </FileButton>
          <Group gap="xs">
            {onCancel ? (
              <Button variant="default" size="xs" onClick={onCancel} disabled={pending}>
                {t('actions.cancel')}
              </Button>
            ) : null}
            <Button type="submit" size="xs" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
