// Create or rename a tag: its English and Arabic names, both required. A name the business
// already uses is refused by the server ('Tag already exists') and shown on the field.
import { useEffect, type FormEvent } from 'react';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { tagRequest, type Tag } from '@fieldops/shared/tasks';
import { FormActions } from '../../../components/form-actions.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTagMutation } from '../api/create-tag.ts';
import { useUpdateTagMutation } from '../api/update-tag.ts';

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
      onSuccess: () => {
        notifySuccess(t(tag ? 'messages.tagUpdated' : 'messages.tagCreated'));
        onClose();
      },
      onError: (error: Error) => {
        const fieldErrors = form.showFieldErrors(error);
        // A duplicate name without a field named is shown under the English name.
        if (error instanceof ApiError && error.serverMessage === MSG.tagExists && !fieldErrors.nameEn && !fieldErrors.nameAr) {
          form.setErrors({ ...fieldErrors, nameEn: MSG.tagExists });
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
          <TextInput label={t('business.tags.nameEn')} dir="ltr" required data-autofocus {...form.field('nameEn')} />
          <TextInput label={t('business.tags.nameAr')} dir="rtl" required {...form.field('nameAr')} />
        </SimpleGrid>
        <FormActions submitLabel={tag ? t('actions.saveChanges') : t('business.tags.create')} pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
