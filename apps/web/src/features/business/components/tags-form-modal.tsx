// Create or rename a tag: its English and Arabic names, both required. A name the business
// already uses is refused by the server ('Tag already exists') and shown on the field.
import { useEffect, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { tagRequest, type Tag } from '@fieldops/shared/tasks';
import { ApiError } from '../../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTagMutation } from '../api/create-tag.ts';
import { useUpdateTagMutation } from '../api/update-tag.ts';

const FIELDS = ['nameEn', 'nameAr'] as const;

interface TagsFormModalProps {
  opened: boolean;
  /** The tag to rename; without it the dialog creates one. */
  tag?: Tag | null;
  onClose: () => void;
}

export function TagsFormModal({ opened, tag, onClose }: TagsFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(tag ? 'business.tags.editTitle' : 'business.tags.newTitle')} centered>
      {opened ? <TagForm tag={tag ?? undefined} onClose={onClose} /> : null}
    </Modal>
  );
}

function TagForm({ tag, onClose }: { tag?: Tag; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateTagMutation();
  const update = useUpdateTagMutation();
  const pending = create.isPending || update.isPending;
  const form = useFormState({ nameEn: tag?.nameEn ?? '', nameAr: tag?.nameAr ?? '' });
  const { setErrors } = form;

  useEffect(() => setErrors({}), [tag, setErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(tagRequest);
    if (!body) return;
    const handlers = {
      onSuccess: async () => {
        notifySuccess(t(tag ? 'messages.tagUpdated' : 'messages.tagCreated'));
        onClose();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['tags'] }),
          // Task lists and pages show tag names.
          queryClient.invalidateQueries({ queryKey: ['tasks'] }),
        ]);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError) {
          const fieldErrors = fieldErrorsToErrors<typeof form.values>(error.fieldErrors, FIELDS);
          // A duplicate name without a field named is shown under the English name.
          if (error.serverMessage === MSG.tagExists && !fieldErrors.nameEn && !fieldErrors.nameAr) fieldErrors.nameEn = MSG.tagExists;
          form.setErrors(fieldErrors);
        }
        notifyError(errorMessage(error), t(tag ? 'messages.updateTagFailed' : 'messages.createTagFailed'));
      },
    };
    if (tag) update.mutate({ tagId: tag.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('business.tags.nameEn')}
            dir="ltr"
            required
            data-autofocus
            value={form.values.nameEn}
            onChange={(event) => form.setValue('nameEn', event.currentTarget.value)}
            error={errorOf(form.errors, 'nameEn')}
          />
          <TextInput
            label={t('business.tags.nameAr')}
            dir="rtl"
            required
            value={form.values.nameAr}
            onChange={(event) => form.setValue('nameAr', event.currentTarget.value)}
            error={errorOf(form.errors, 'nameAr')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={16} />}>
            {tag ? t('actions.saveChanges') : t('business.tags.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
