// Edit a member: position and (for the owner) the business role; name, e-mail and phone only
// while the business still holds them (an account it created, not activated yet) — otherwise
// they belong to the person and are shown read-only.
import { type FormEvent } from 'react';
import { Alert, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@fieldops/shared/account';
import { memberUpdateRequest, type MemberUpdateRequest } from '@fieldops/shared/organisation';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useUpdateMemberMutation } from '../api/update-member.ts';
import { useMemberPermissions } from './member-menu.tsx';

/** What the business may change of a person whose identity is their own. */
const placeRequest = memberUpdateRequest.pick({ position: true, role: true });

/** The request with the person's own name, e-mail and phone exactly as they are (the server compares). */
function keptIdentity(member: Member, place: { position?: string | null; role?: Member['authority'] } | null): MemberUpdateRequest | null {
  if (!place) return null;
  return { name: member.fullName, email: member.email, countryCode: member.countryCode, phone: member.phone, ...place };
}
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
  const { isOwner } = useAccess();
  const update = useUpdateMemberMutation();
  // Only the owner moves people in or out of ADMIN; the owner's own role never changes.
  const roleEditable = isOwner && member.authority !== 'OWNER';
  const { canEditIdentity } = useMemberPermissions(member);
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
    const body = canEditIdentity
      ? form.validate(memberUpdateRequest, roleEditable ? { ...rest, role } : rest)
      : keptIdentity(member, form.validate(placeRequest, roleEditable ? { position: rest.position, role } : { position: rest.position }));
    if (!body) return;
    update.mutate(
      { userId: member.userId, body },
      {
        onSuccess: () => {
          notifySuccess(t('messages.userUpdated'));
          onClose();
        },
        onError: form.refused('updateProfileFailed'),
      },
    );
  };

  // The person's own fields stay visible for reference, read-only.
  const identity = (name: 'name' | 'email' | 'countryCode' | 'phone') =>
    canEditIdentity ? form.field(name) : { value: form.values[name], readOnly: true, variant: 'filled' as const, required: false, placeholder: undefined };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {canEditIdentity ? null : (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {t('members.edit.identityOwned')}
          </Alert>
        )}
        <TextInput label={t('members.edit.name')} required data-autofocus={canEditIdentity || undefined} {...identity('name')} />
        <TextInput label={t('members.edit.email')} type="email" required dir="ltr" {...identity('email')} />
        <Group align="flex-start" wrap="nowrap" gap="md">
          <TextInput label={t('members.edit.countryCode')} placeholder="+966" dir="ltr" w={{ base: 110, xs: 150 }} {...identity('countryCode')} />
          <TextInput label={t('members.edit.phone')} type="tel" dir="ltr" style={{ flex: 1 }} {...identity('phone')} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: roleEditable ? 2 : 1 }} spacing="md">
          <TextInput label={t('members.edit.position')} {...form.field('position')} />
          {roleEditable ? (
            <Select
              label={t('members.edit.role')}
              data={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`user.role.${role}`) }))}
              value={form.values.role}
              onChange={(value) => form.setValue('role', (value ?? member.authority) as Member['authority'])}
              allowDeselect={false}
              error={form.error('role')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </SimpleGrid>
        <FormActions submitLabel={t('actions.saveChanges')} pending={update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
