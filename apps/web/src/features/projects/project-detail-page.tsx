// /projects/:projectId: one project, with the tabs Performance, Settings and Sites (?tab=).
import type { Project } from '@fieldops/shared/organisation';
import { Anchor, Badge, Group } from '@mantine/core';
import { IconChartBar, IconMapPin, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityPerformance } from '../../components/performance/entity-performance.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RouteTabs } from '../../components/route-tabs.tsx';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedName } from '../../lib/localized.ts';
import { useProjectQuery } from './api/get-project.ts';
import { ProjectSettingsTab } from './components/project-settings-tab.tsx';
import { ProjectSitesTab } from './components/project-sites-tab.tsx';

export function ProjectDetailPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const query = useProjectQuery(projectId);
  return (
    <QueryGate
      query={query}
      valid={Number.isInteger(projectId) && projectId > 0}
      notFound
      errorTitle={t('projects.detail.title')}
      fallbackKey="fetchProjectFailed"
    >
      {(project) => <ProjectDetail project={project} />}
    </QueryGate>
  );
}

function ProjectDetail({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <>
      <PageHeader
        title={project.name}
        description={t('projects.detail.description')}
        actions={
          <Group gap="xs">
            {project.type ? <Badge variant="light">{localizedName(project.type, language)}</Badge> : null}
            {project.website ? (
              <Anchor href={project.website} target="_blank" rel="noopener noreferrer" size="sm" dir="ltr">
                {project.website.replace(/^https?:\/\//, '')}
              </Anchor>
            ) : null}
          </Group>
        }
      />
      <RouteTabs
        label={t('projects.detail.tabs')}
        tabs={[
          {
            value: 'performance',
            label: t('tabs.performance'),
            icon: <IconChartBar size={16} />,
            panel: <EntityPerformance entity="projects" id={project.id} />,
          },
          { value: 'settings', label: t('tabs.settings'), icon: <IconSettings size={16} />, panel: <ProjectSettingsTab project={project} /> },
          { value: 'sites', label: t('tabs.sites'), icon: <IconMapPin size={16} />, panel: <ProjectSitesTab project={project} /> },
        ]}
      />
    </>
  );
}
