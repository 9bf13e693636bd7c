// "Ticket assignment": who receives a new ticket that has no assignee: nobody, one member, the
// least busy supervisor of a site, or the least busy supervisor of a project's sites. Owners and
// admins change it; everyone else reads it.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Card, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_TARGETS, type AssignmentTarget } from '@fieldops/shared/enums';
import { assignmentConfigRequest, type AssignmentConfig } from '@fieldops/shared/helpdesk';
import { MemberSelect, type ChosenMember } from '../../../components/member-select.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { groupSites } from '../../../components/site-membership/use-site-options.ts';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useMemberQuery } from '../../../lib/session/api/get-member.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useAssignmentConfigQuery } from '../api/get-assignment-config.ts';
import { useUpdateAssignmentConfigMutation } from '../api/update-assignment-config.ts';

interface FormProps {
  config: AssignmentConfig;
  member: ChosenMember | null;
  readOnly: boolean;
}

function AssignmentForm({ config, member, readOnly }: FormProps) {
  const { t } = useTranslation();
  const save = useUpdateAssignmentConfigMutation();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const [chosenMember, setChosenMember] = useState<ChosenMember | null>(member);
  const form = useFormState({
    targetType: config.targetType,
    userId: member ? String(member.id) : '',
    teamId: config.teamId ? String(config.teamId) : '',
    projectId: config.projectId ? String(config.projectId) : '',
  });
  const target = form.values.targetType;

  const projectOptions = useMemo(() => (projects.data?.data ?? []).map((project) => ({ value: String(project.id), label: project.name })), [projects.data]);
  const siteOptions = useMemo(() => groupSites(sites.data?.data ?? []), [sites.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the picker of the chosen target is sent.
    const input = {
      targetType: target,
      userId: target === 'MEMBER' && form.values.userId ? Number(form.values.userId) : null,
      teamId: target === 'SITE' && form.values.teamId ? Number(form.values.teamId) : null,
      projectId: target === 'PROJECT' && form.values.projectId ? Number(form.values.projectId) : null,
    };
    const body = form.validate(assignmentConfigRequest, input);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('messages.changesSaved')),
      onError: form.refused('saveFailed'),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" fw={500} id="assignment-target-label">
            {t('business.categories.assignment.target')}
          </Text>
          <SegmentedControl
            aria-labelledby="assignment-target-label"
            disabled={readOnly}
            value={target}
            onChange={(value) => form.setValue('targetType', value as AssignmentTarget)}
            data={ASSIGNMENT_TARGETS.map((value) => ({ value, label: t(`business.categories.assignment.targets.${value}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        {target === 'MEMBER' ? (
          <MemberSelect
            label={t('business.categories.assignment.member')}
            required
            readOnly={readOnly}
            value={chosenMember}
            onChange={(chosen) => {
              setChosenMember(chosen);
              form.setValue('userId', chosen ? String(chosen.id) : '');
            }}
            error={form.error('userId')}
          />
        ) : null}
        {target === 'SITE' ? (
          <Select
            label={t('business.categories.assignment.site')}
            placeholder={t('business.categories.assignment.sitePlaceholder')}
            required
            searchable
            readOnly={readOnly}
            data={siteOptions}
            {...form.select('teamId')}
            nothingFoundMessage={t('business.profile.nothingFound')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {target === 'PROJECT' ? (
          <Select
            label={t('business.categories.assignment.project')}
            placeholder={t('business.categories.assignment.projectPlaceholder')}
            required
            searchable
            readOnly={readOnly}
            data={projectOptions}
            {...form.select('projectId')}
            nothingFoundMessage={t('business.profile.nothingFound')}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t(`business.categories.assignment.explain.${target}`)}
        </Alert>
        {readOnly ? null : <FormActions submitLabel={t('actions.saveChanges')} pending={save.isPending} />}
      </Stack>
    </form>
  );
}

export function AssignmentConfigCard() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const query = useAssignmentConfigQuery();
  const userId = query.data?.targetType === 'MEMBER' ? query.data.userId : null;
  const member = useMemberQuery(userId ?? 0, userId !== null);

  const chosen = userId !== null ? { id: userId, name: member.data ? member.data.fullName || member.data.username : String(userId) } : null;
  const content = (
    <QueryGate query={query} fallbackKey="fetchAssignmentConfigFailed" withCard={false} waiting={userId !== null && member.isPending} loaderHeight={160}>
      {/* Keyed by the saved values so the form shows them after a save. */}
      {(config) => <AssignmentForm key={JSON.stringify(config)} config={config} member={chosen} readOnly={!isAdmin} />}
    </QueryGate>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('business.categories.assignment.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('business.categories.assignment.description')}
          </Text>
        </Stack>
        {content}
      </Stack>
    </Card>
  );
}
