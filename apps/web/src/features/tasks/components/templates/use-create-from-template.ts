// Starting a task from a template: the copy is made on the server, then its page opens so it
// can be changed like any other task.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useCreateTaskFromTemplateMutation } from '../../api/create-task-from-template.ts';

export function useCreateFromTemplate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTaskFromTemplateMutation();
  const run = (templateId: number) =>
    create.mutate(templateId, {
      onSuccess: (task) => {
        notifySuccess(t('tasks.templates.created'));
        void navigate(paths.task(task.id));
      },
      onError: (error) => notifyError(errorMessage(error, 'createTaskFromTemplateFailed')),
    });
  /** The template being copied, to show progress on its own button. */
  const pendingId = create.isPending ? create.variables : null;
  return { run, pendingId };
}
