// Create or edit a project in a dialog.
import { useTranslation } from 'react-i18next';
import type { Project } from '@fieldops/shared/organisation';
import { FormModal } from '../../../components/form-modal.tsx';
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
  const title = t(project ? 'projects.form.editTitle' : copyOf ? 'projects.form.copyTitle' : 'projects.form.newTitle', { name: copyOf?.name });
  return (
    <FormModal opened={opened} onClose={onClose} onSaved={onSaved} title={title}>
      {({ close, saved }) => <ProjectForm project={project ?? undefined} copyOf={copyOf ?? undefined} onCancel={close} onSaved={saved} />}
    </FormModal>
  );
}
