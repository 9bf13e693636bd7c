// The Transfer tab of a site: move it from its project to another one.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import type { Site } from '@fieldops/shared/organisation';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useTransferSiteMutation } from '../api/transfer-site.ts';

export function SiteTransferTab({ site }: { site: Site }) {
  const { t } = useTranslation();
  const projects = useAllProjectsQuery();
  const transfer = useTransferSiteMutation();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const options = useMemo(
    () => (projects.data?.data ?? []).filter((project) => project.id !== site.projectId).map((project) => ({ value: String(project.id), label: project.name })),
    [projects.data, site.projectId],
  );

  const submit = () => {
    if (!target) {
      setError(MSG.required);
      return;
    }
    transfer.mutate(
      { siteId: site.id, projectId: site.projectId, newProjectId: Number(target) },
      {
        onSuccess: () => {
          notifySuccess(t('messages.siteTransferred'));
          setTarget(null);
        },
        onError: (failure) => notifyError(errorMessage(failure, 'transferFailed')),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {t('sites.transfer.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sites.transfer.text')}
          </Text>
        </div>
        <Text>
          {t('sites.transfer.current')} <strong>{site.project.name}</strong>
        </Text>
        {projects.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {errorMessage(projects.error, 'fetchProjectsFailed')}
          </Alert>
        ) : null}
        <Select
          label={t('sites.transfer.target')}
          placeholder={projects.isPending ? t('app.loading') : t('sites.transfer.targetPlaceholder')}
          required
          searchable
          data={options}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(null);
          }}
          nothingFoundMessage={t('sites.transfer.noOtherProjects')}
          error={error ? translateMessage(error) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button leftSection={<IconArrowsExchange size={16} />} onClick={submit} loading={transfer.isPending}>
            {t('sites.transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
