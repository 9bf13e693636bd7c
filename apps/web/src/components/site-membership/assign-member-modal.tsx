// Assign an existing member to a site with a role and a position
// (POST /v1/teams/{teamId}/members with a one-item list).
import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SiteAuthority } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import { memberAssignment } from '@fieldops/shared/organisation';
import { useFormState, type FormErrors } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { FormActions } from '../form-actions.tsx';
import { useAssignMembersMutation } from './api/assign-members.ts';
import { MemberPicker } from './member-picker.tsx';
import { RoleInput } from './role-input.tsx';
import { SiteSelect } from './site-select.tsx';
import { useSiteOptions } from './use-site-options.ts';

export interface AssignableMember {
  userId: number;
  name: string;
  /** Sites the member is already in; they are not offered. */
  siteIds: readonly number[];
}

interface AssignMemberModalProps {
  opened: boolean;
  onClose: () => void;
  /** The site to assign to; without it the user picks one. */
  siteId?: number;
  /** The member to assign; without it the user picks one. */
  member?: AssignableMember;
}

export function AssignMemberModal({ opened, onClose, siteId, member }: AssignMemberModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('siteMembership.assignTitle')} centered>
      {opened ? <AssignMemberForm onClose={onClose} siteId={siteId} member={member} /> : null}
    </Modal>
  );
}

function AssignMemberForm({ onClose, siteId, member }: Omit<AssignMemberModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [memberName, setMemberName] = useState(member?.name ?? '');
  const form = useFormState({
    userId: member ? String(member.userId) : '',
    teamId: siteId ? String(siteId) : '',
    role: 'MEMBER' as SiteAuthority,
    position: '',
  });
  const sites = useSiteOptions({ exclude: member?.siteIds ?? [] });
  const assign = useAssignMembersMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { userId, teamId, role, position } = form.values;
    const missing: FormErrors<typeof form.values> = {};
    if (!userId) missing.userId = MSG.required;
    if (!teamId) missing.teamId = MSG.required;
    if (missing.userId || missing.teamId) {
      form.setErrors(missing);
      return;
    }
    const item = form.validate(memberAssignment, { userId: Number(userId), role, position });
    if (!item) return;
    const siteName = sites.nameOf(Number(teamId));
    assign.mutate(
      { teamId: Number(teamId), body: [item] },
      {
        onSuccess: () => {
          notifySuccess(t('siteMembership.assigned', { name: memberName, site: siteName }));
          onClose();
        },
        onError: form.refused('assignMemberFailed'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {member ? (
          <Text fw={600}>{member.name}</Text>
        ) : (
          <MemberPicker
            label={t('siteMembership.member')}
            value={form.values.userId}
            onChange={(userId, name) => {
              form.setValue('userId', userId);
              setMemberName(name);
            }}
            error={form.error('userId')}
          />
        )}
        {siteId ? null : <SiteSelect data={sites.options} {...form.select('teamId')} />}
        <RoleInput label={t('siteMembership.role')} value={form.values.role} onChange={(role) => form.setValue('role', role)} />
        <TextInput label={t('siteMembership.position')} placeholder={t('siteMembership.positionPlaceholder')} {...form.field('position')} />
        <FormActions submitLabel={t('siteMembership.assign')} pending={assign.isPending} onCancel={onClose} icon={<IconUserPlus size={16} />} />
      </Stack>
    </form>
  );
}
