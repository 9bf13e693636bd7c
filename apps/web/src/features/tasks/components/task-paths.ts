// Addresses of the task screens.
export const TASKS_PATH = '/tasks';
export const NEW_TASK_PATH = '/tasks/new';
export const TEMPLATES_PATH = '/tasks/templates';
export const taskPath = (taskId: number, tab?: string) => `/tasks/${taskId}${tab ? `?tab=${tab}` : ''}`;
