// Create or edit a project in a dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@fieldops/shared/organisation';
import { ProjectForm } from './project-form.tsx';

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  project?: Project | null;
  onSaved?: (project: Project) => void;
}

export function ProjectFormModal({ opened, onClose, project, onSaved }: ProjectFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(project ? 'projects.form.editTitle' : 'projects.form.newTitle')} centered>
      {opened ? (
        <ProjectForm
          project={project ?? undefined}
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
