// The projects of one page: name and website, type, counts of sites and members, rank and (when
// any project of the page scored) average score over the last 30 days, the local active toggle
// and the item menu.
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import type { Project } from '@fieldops/shared/organisation';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { LocalStatusSwitch } from '../../../components/local-status-switch.tsx';
import { ScoreCell, ScoreHeading } from '../../../components/performance/score-column.tsx';
import { anyScored } from '../../../components/performance/score-text.ts';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { NONE, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';

interface ProjectsTableProps {
  projects: Project[];
  /** Present for users who may change projects. */
  onEdit?: (project: Project) => void;
  onDelete?: (project: Project) => void;
  onDuplicate?: (project: Project) => void;
}

export function ProjectsTable({ projects, onEdit, onDelete, onDuplicate }: ProjectsTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const scoring = anyScored(projects);
  return (
    <ResponsiveTable minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('projects.table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('projects.table.type')}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('projects.table.sites')}
            </Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('projects.table.members')}
            </Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('projects.table.rank')}
            </Table.Th>
            <ScoreHeading shown={scoring} />
            <Table.Th>{t('status.active')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {projects.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.project(project.id)} fw={600}>
                  {project.name}
                </Anchor>
                {project.website ? (
                  <Text size="xs" c="dimmed" dir="ltr" ta="start" truncate="end" maw={260}>
                    {project.website.replace(/^https?:\/\//, '')}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {[
                    project.type ? localizedName(project.type, language) : null,
                    t('projects.table.counts', {
                      sites: formatNumber(project.sitesCount, language),
                      members: formatNumber(project.membersCount, language),
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{project.type ? localizedName(project.type, language) : NONE}</Table.Td>
              <Table.Td ta="end" visibleFrom="sm">
                {formatNumber(project.sitesCount, language)}
              </Table.Td>
              <Table.Td ta="end" visibleFrom="sm">
                {formatNumber(project.membersCount, language)}
              </Table.Td>
              <Table.Td ta="end" visibleFrom="sm">
                {project.rank === null ? NONE : formatNumber(project.rank, language)}
              </Table.Td>
              <ScoreCell shown={scoring} value={project.averageScore} />
              <Table.Td>
                <LocalStatusSwitch
                  storageKey={STORAGE_KEYS.projects}
                  id={project.id}
                  fallback={project.active}
                  label={t('projects.table.activeOf', { name: project.name })}
                />
              </Table.Td>
              <Table.Td>
                <ItemContextMenu
                  label={t('projects.table.menuOf', { name: project.name })}
                  href={paths.project(project.id)}
                  onEdit={onEdit ? () => onEdit(project) : undefined}
                  onDuplicate={onDuplicate ? () => onDuplicate(project) : undefined}
                  onDelete={onDelete ? () => onDelete(project) : undefined}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
