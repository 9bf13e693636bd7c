// Adds or renames a ticket category: its English and Arabic names, checked with the shared rule.
import type { FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ticketCategoryRequest, type TicketCategory } from '@fieldops/shared/helpdesk';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateTicketCategoryMutation } from '../api/create-ticket-category.ts';
import { useUpdateTicketCategoryMutation } from '../api/update-ticket-category.ts';

interface FormProps {
  category: TicketCategory | null;
  onClose: () => void;
}

function CategoryForm({ category, onClose }: FormProps) {
  const { t } = useTranslation();
  const create = useCreateTicketCategoryMutation();
  const update = useUpdateTicketCategoryMutation();
  const pending = create.isPending || update.isPending;
  const form = useFormState({ nameEn: category?.nameEn ?? '', nameAr: category?.nameAr ?? '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(ticketCategoryRequest);
    if (!body) return;
    const handlers = {
      onSuccess: () => {
        notifySuccess(category ? t('business.categories.updated') : t('messages.categoryAdded'));
        onClose();
      },
      onError: form.refused(category ? 'updateCategoryFailed' : 'addCategoryFailed'),
    };
    if (category) update.mutate({ id: category.id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('business.categories.nameEn')} required dir="ltr" data-autofocus {...form.field('nameEn')} />
        <TextInput label={t('business.categories.nameAr')} required dir="rtl" {...form.field('nameAr')} />
        <FormActions submitLabel={category ? t('actions.saveChanges') : t('business.categories.add')} pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

interface TicketCategoriesFormModalProps {
  opened: boolean;
  /** The category to rename; null adds a new one. */
  category: TicketCategory | null;
  onClose: () => void;
}

export function TicketCategoriesFormModal({ opened, category, onClose }: TicketCategoriesFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={category ? t('business.categories.editTitle') : t('business.categories.newTitle')} centered>
      {opened ? <CategoryForm category={category} onClose={onClose} /> : null}
    </Modal>
  );
}
