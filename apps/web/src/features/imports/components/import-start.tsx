// The first step of an import: what to import (members or sites), the template to fill in (headed
// in English or Arabic), and the file, dropped or chosen. A file over the size limit is refused
// here; anything else is read by the server, whose refusal (wrong type, unreadable text, too many
// rows, no Name column) is said translated. The recent imports follow.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportKind } from '@fieldops/shared/imports';
import type { Language } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Segments } from '../../../components/segments.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchParam } from '../../../lib/url-state.ts';
import { useDownloadImportTemplateMutation } from '../api/download-import-files.ts';
import { useUploadImportMutation } from '../api/upload-import.ts';
import { FileDropZone } from './file-drop-zone.tsx';
import { RecentImports } from './recent-imports.tsx';

const toKind = (value: string): ImportKind => ((IMPORT_KINDS as readonly string[]).includes(value) ? (value as ImportKind) : 'MEMBERS');

export function ImportStart() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const [rawKind, setKind] = useSearchParam('kind');
  const kind = toKind(rawKind);
  const upload = useUploadImportMutation();
  const template = useDownloadImportTemplateMutation();
  const [tooLarge, setTooLarge] = useState(false);

  const send = (file: File) => {
    setTooLarge(file.size > IMPORT_MAX_BYTES);
    upload.reset();
    if (file.size > IMPORT_MAX_BYTES) return;
    upload.mutate({ kind, file }, { onSuccess: (summary) => void navigate(paths.importRun(summary.id)) });
  };

  const downloadTemplate = (templateLanguage: Language) =>
    template.mutate({ kind, language: templateLanguage }, { onError: (error) => notifyError(errorMessage(error)) });

  const hint = t('imports.start.limits', {
    size: formatNumber(IMPORT_MAX_BYTES / 1024 / 1024, language),
    rows: formatNumber(IMPORT_MAX_ROWS, language),
  });

  return (
    <Stack gap="lg">
      <Segments
        label={t('imports.kind.label')}
        value={kind}
        onChange={(next) => setKind(next)}
        data={IMPORT_KINDS.map((value) => ({ value, label: t(`imports.kind.${value}`) }))}
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('imports.start.templateTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('imports.start.templateText')}
          </Text>
          <Group gap="sm">
            {(['en', 'ar'] as const).map((templateLanguage) => (
              <Button
                key={templateLanguage}
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={template.isPending && template.variables.language === templateLanguage}
                onClick={() => downloadTemplate(templateLanguage)}
              >
                {t(templateLanguage === 'en' ? 'imports.start.templateEnglish' : 'imports.start.templateArabic')}
              </Button>
            ))}
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('imports.start.fileTitle')}
          </Title>
          <FormAlert>{tooLarge ? translateMessage(MSG.importTooLarge) : null}</FormAlert>
          <FormAlert error={upload.error} />
          <FileDropZone onFile={send} uploading={upload.isPending ? upload.variables.file.name : null} hint={hint} />
        </Stack>
      </Card>
      <RecentImports />
    </Stack>
  );
}
