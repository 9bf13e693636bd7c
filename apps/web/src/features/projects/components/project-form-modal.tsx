// Create or edit a project in a dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@fieldops/shared/organisation';
import { ProjectForm } from './project-form.tsx';

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  project?: Project | null;
  /** Duplicate: a new project starting from this one's settings. */
  copyOf?: Project | null;
  onSaved?: (project: Project) => void;
}

export function ProjectFormModal({ opened, onClose, project, copyOf, onSaved }: ProjectFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(project ? 'projects.form.editTitle' : copyOf ? 'projects.form.copyTitle' : 'projects.form.newTitle', { name: copyOf?.name })} centered>
      {opened ? (
        <ProjectForm
          project={project ?? undefined}
          copyOf={copyOf ?? undefined}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      ) : null}
    </Modal>
  );
}
