// Edit a member: name, e-mail, phone, position and (for the owner) the business role.
import { type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { memberUpdateRequest } from '@fieldops/shared/organisation';
import { ApiError } from '../../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { memberQueryKey } from '../../../lib/session/api/get-member.ts';
import { refreshOrganisation } from '../../../lib/session/refresh-organisation.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useUpdateMemberMutation } from '../api/update-member.ts';

const FIELDS = ['name', 'email', 'countryCode', 'phone', 'position', 'role'] as const;
const ASSIGNABLE_ROLES = ['ADMIN', 'MEMBER'] as const;

interface EditMemberModalProps {
  member: Member | null;
  onClose: () => void;
}

export function EditMemberModal({ member, onClose }: EditMemberModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={member !== null} onClose={onClose} title={t('members.edit.title')} size="lg" centered>
      {member ? <EditMemberForm member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditMemberForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isOwner } = useAccess();
  const update = useUpdateMemberMutation();
  // Only the owner moves people in or out of ADMIN; the owner's own role never changes.
  const roleEditable = isOwner && member.authority !== 'OWNER';
  const form = useFormState({
    name: member.fullName || member.name || '',
    email: member.email,
    countryCode: member.countryCode ?? '',
    phone: member.phone ?? '',
    position: member.position ?? '',
    role: member.authority,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { role, ...rest } = form.values;
    const body = form.validate(memberUpdateRequest, roleEditable ? { ...rest, role } : rest);
    if (!body) return;
    update.mutate(
      { userId: member.userId, body },
      {
        onSuccess: async (saved) => {
          queryClient.setQueryData(memberQueryKey(member.userId), saved);
          notifySuccess(t('messages.userUpdated'));
          onClose();
          await refreshOrganisation(queryClient);
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(fieldErrorsToErrors(error.fieldErrors, FIELDS));
          notifyError(errorMessage(error, 'updateProfileFailed'));
        },
      },
    );
  };

  const text = (name: 'name' | 'email' | 'countryCode' | 'phone' | 'position') => ({
    value: form.values[name],
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: errorOf(form.errors, name),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('members.edit.name')} required data-autofocus {...text('name')} />
        <TextInput label={t('members.edit.email')} type="email" required dir="ltr" {...text('email')} />
        <Group align="flex-start" wrap="nowrap" gap="md">
          <TextInput label={t('members.edit.countryCode')} placeholder="+966" dir="ltr" w={{ base: 110, xs: 150 }} {...text('countryCode')} />
          <TextInput label={t('members.edit.phone')} type="tel" dir="ltr" style={{ flex: 1 }} {...text('phone')} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: roleEditable ? 2 : 1 }} spacing="md">
          <TextInput label={t('members.edit.position')} {...text('position')} />
          {roleEditable ? (
            <Select
              label={t('members.edit.role')}
              data={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`user.role.${role}`) }))}
              value={form.values.role}
              onChange={(value) => form.setValue('role', (value ?? member.authority) as Member['authority'])}
              allowDeselect={false}
              error={errorOf(form.errors, 'role')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={16} />}>
            {t('actions.saveChanges')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
