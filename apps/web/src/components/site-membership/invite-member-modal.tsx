// Invite a person by e-mail: to one site (POST /v1/teams/{teamId}/users) or to several at once
// (POST /v1/team-members), with name, password, position and role. Either way the answer is one
// invitation, whether or not the e-mail already had an account (nothing about the person leaks).
import { type FormEvent } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SiteAuthority } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import { inviteMemberRequest, inviteToSitesRequest } from '@fieldops/shared/organisation';
import { ApiError } from '../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, useFormState } from '../../lib/form.ts';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { refreshOrganisation } from '../../lib/session/refresh-organisation.ts';
import { PasswordField } from '../password-field.tsx';
import { useInviteMemberMutation } from './api/invite-member.ts';
import { useInviteToSitesMutation } from './api/invite-to-sites.ts';
import { RoleInput } from './role-input.tsx';
import { useSiteOptions } from './use-site-options.ts';

const FIELDS = ['name', 'email', 'password', 'position', 'role', 'externalId', 'teamId', 'teams'] as const;

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(multiple ? 'siteMembership.inviteManyTitle' : 'siteMembership.inviteTitle')}
      size="lg"
      centered
    >
      {opened ? <InviteMemberForm onClose={onClose} siteId={siteId} multiple={multiple} /> : null}
    </Modal>
  );
}

function InviteMemberForm({ onClose, siteId, multiple }: Omit<InviteMemberModalProps, 'opened'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
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

  const onError = (fallbackKey: string) => (error: Error) => {
    if (error instanceof ApiError) form.setErrors(fieldErrorsToErrors(error.fieldErrors, FIELDS));
    notifyError(errorMessage(error, fallbackKey));
  };
  const onSuccess = async () => {
    notifySuccess(t('messages.invitationSent'));
    onClose();
    await refreshOrganisation(queryClient);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { teamId, teams, ...person } = form.values;
    if (multiple) {
      const body = form.validate(inviteToSitesRequest, { ...person, teams: teams.map(Number) });
      if (body) many.mutate(body, { onSuccess, onError: onError('inviteMultipleFailed') });
      return;
    }
    const body = form.validate(inviteMemberRequest, person);
    if (!teamId) {
      form.setErrors((current) => ({ ...current, teamId: MSG.required }));
      return;
    }
    if (body) {
      single.mutate(
        { teamId: Number(teamId), body },
        { onSuccess, onError: onError('inviteMemberFailed') },
      );
    }
  };

  const text = (name: 'name' | 'email' | 'position' | 'externalId') => ({
    value: form.values[name],
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: errorOf(form.errors, name),
  });

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
            value={form.values.teams}
            onChange={(value) => form.setValue('teams', value)}
            nothingFoundMessage={t('siteMembership.noSitesFound')}
            error={errorOf(form.errors, 'teams')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : siteId ? null : (
          <Select
            label={t('siteMembership.site')}
            placeholder={t('siteMembership.sitePlaceholder')}
            required
            searchable
            data={sites.options}
            value={form.values.teamId || null}
            onChange={(value) => form.setValue('teamId', value ?? '')}
            nothingFoundMessage={t('siteMembership.noSitesFound')}
            error={errorOf(form.errors, 'teamId')}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('siteMembership.name')} required autoComplete="off" data-autofocus {...text('name')} />
          <TextInput label={t('siteMembership.email')} type="email" required autoComplete="off" dir="ltr" {...text('email')} />
        </SimpleGrid>
        <PasswordField
          label={t('siteMembership.password')}
          description={t('siteMembership.passwordHint')}
          required
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.currentTarget.value)}
          error={errorOf(form.errors, 'password')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('siteMembership.position')} placeholder={t('siteMembership.positionPlaceholder')} {...text('position')} />
          <TextInput label={t('siteMembership.externalId')} description={t('siteMembership.externalIdHint')} {...text('externalId')} />
        </SimpleGrid>
        <RoleInput label={t('siteMembership.role')} value={form.values.role} onChange={(role) => form.setValue('role', role)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} leftSection={<IconSend size={16} />} disabled={noSites}>
            {t('siteMembership.invite')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
