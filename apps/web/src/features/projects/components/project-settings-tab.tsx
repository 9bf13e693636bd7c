// The Settings tab of a project: the edit form and, for owners and admins, deleting it.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project } from '@fieldops/shared/organisation';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { DeleteProjectModal } from './delete-project-modal.tsx';
import { ProjectForm } from './project-form.tsx';

export function ProjectSettingsTab({ project }: { project: Project }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useAccess();
  const [deleting, setDeleting] = useState(false);

  return (
    <Stack gap="lg" maw={720}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t('projects.settings.details')}
        </Title>
        {/* Keyed by the saved values, so the form shows them again after a save elsewhere. */}
        <ProjectForm key={JSON.stringify(project)} project={project} readOnly={!isAdmin} />
      </Card>
      {isAdmin ? (
        <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
          <Group justify="space-between" gap="md" wrap="wrap">
            <div style={{ flex: '1 1 260px' }}>
              <Title order={2} fz="h4">
                {t('projects.delete.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t(project.sitesCount > 0 ? 'projects.delete.hint' : 'projects.delete.hintEmpty')}
              </Text>
            </div>
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
              {t('projects.delete.title')}
            </Button>
          </Group>
        </Card>
      ) : null}
      <DeleteProjectModal
        project={deleting ? project : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(paths.projects, { replace: true })}
      />
    </Stack>
  );
}
