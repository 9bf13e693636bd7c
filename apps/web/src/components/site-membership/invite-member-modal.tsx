// Invite a person by e-mail: to one site (POST /v1/teams/{teamId}/users) or to several at once
// (POST /v1/team-members), with name, password, position and role. Either way the answer is one
// invitation, whether or not the e-mail already had an account (nothing about the person leaks).
import { type FormEvent } from 'react';
import { Alert, Modal, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SiteAuthority } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import { inviteMemberRequest, inviteToSitesRequest } from '@fieldops/shared/organisation';
import { useFormState } from '../../lib/form.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { FormActions } from '../form-actions.tsx';
import { PasswordField } from '../password-field.tsx';
import { useInviteMemberMutation } from './api/invite-member.ts';
import { useInviteToSitesMutation } from './api/invite-to-sites.ts';
import { RoleInput } from './role-input.tsx';
import { SiteSelect } from './site-select.tsx';
import { useSiteOptions } from './use-site-options.ts';

interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  /** The site to invite to; without it the user picks one (or several with `multiple`). */
  siteId?: number;
  multiple?: boolean;
}

export function InviteMemberModal({ opened, onClose, siteId, multiple = false }: InviteMemberModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(multiple ? 'siteMembership.inviteManyTitle' : 'siteMembership.inviteTitle')} size="lg" centered>
      {opened ? <InviteMemberForm onClose={onClose} siteId={siteId} multiple={multiple} /> : null}
    </Modal>
  );
}

function InviteMemberForm({ onClose, siteId, multiple }: Omit<InviteMemberModalProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useFormState({
    name: '',
    email: '',
    password: '',
    position: '',
    role: 'MEMBER' as SiteAuthority,
    externalId: '',
    teamId: siteId ? String(siteId) : '',
    teams: [] as string[],
  });
  const sites = useSiteOptions();
  const single = useInviteMemberMutation();
  const many = useInviteToSitesMutation();
  const pending = single.isPending || many.isPending;

  const onSuccess = () => {
    notifySuccess(t('messages.invitationSent'));
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { teamId, teams, ...person } = form.values;
    if (multiple) {
      const body = form.validate(inviteToSitesRequest, { ...person, teams: teams.map(Number) });
      if (body) many.mutate(body, { onSuccess, onError: form.refused('inviteMultipleFailed') });
      return;
    }
    const body = form.validate(inviteMemberRequest, person);
    if (!teamId) {
      form.setErrors((current) => ({ ...current, teamId: MSG.required }));
      return;
    }
    if (body) {
      single.mutate({ teamId: Number(teamId), body }, { onSuccess, onError: form.refused('inviteMemberFailed') });
    }
  };

  const noSites = !sites.isPending && sites.options.length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {noSites ? (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('siteMembership.noManageableSites')}
          </Alert>
        ) : null}
        {multiple ? (
          <MultiSelect
            label={t('siteMembership.sites')}
            placeholder={t('siteMembership.sitesPlaceholder')}
            required
            searchable
            data={sites.options}
            {...form.field('teams')}
            nothingFoundMessage={t('siteMembership.noSitesFound')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : siteId ? null : (
          <SiteSelect data={sites.options} {...form.select('teamId')} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('siteMembership.name')} required autoComplete="off" data-autofocus {...form.field('name')} />
          <TextInput label={t('siteMembership.email')} type="email" required autoComplete="off" dir="ltr" {...form.field('email')} />
        </SimpleGrid>
        <PasswordField
          label={t('siteMembership.password')}
          description={t('siteMembership.passwordHint')}
          required
          autoComplete="new-password"
          {...form.field('password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('siteMembership.position')} placeholder={t('siteMembership.positionPlaceholder')} {...form.field('position')} />
          <TextInput label={t('siteMembership.externalId')} description={t('siteMembership.externalIdHint')} {...form.field('externalId')} />
        </SimpleGrid>
        <RoleInput label={t('siteMembership.role')} value={form.values.role} onChange={(role) => form.setValue('role', role)} />
        <FormActions submitLabel={t('siteMembership.invite')} pending={pending} onCancel={onClose} icon={<IconSend size={16} />} disabled={noSites} />
      </Stack>
    </form>
  );
}
