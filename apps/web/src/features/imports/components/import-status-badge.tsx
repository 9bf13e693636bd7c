// An import's status as a coloured badge: to check, waiting to start, importing, done.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportStatus } from '@fieldops/shared/imports';

const COLOURS: Record<ImportStatus, string> = { PREVIEW: 'yellow', QUEUED: 'blue', RUNNING: 'blue', DONE: 'teal' };

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]} tt="none">
      {t(`imports.status.${status}`)}
    </Badge>
  );
}
