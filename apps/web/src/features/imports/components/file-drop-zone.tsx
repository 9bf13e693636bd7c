// Where an import's file is given: dragged onto the area or chosen with the picker (the keyboard's
// way in). Only the first file of a drop is taken; the limits are said beside it.
import { useState, type DragEvent } from 'react';
import { Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What the picker offers: CSV and Excel workbooks. The server decides by the content. */
export const IMPORT_FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FileDropZoneProps {
  onFile: (file: File) => void;
  /** The file being read, while it uploads. */
  uploading: string | null;
  hint: string;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export function FileDropZone({ onFile, uploading, hint }: FileDropZoneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) onFile(file);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="xl"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="sm">
        {uploading ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('imports.start.uploading', { name: uploading })}</Text>
          </Group>
        ) : (
          <>
            <IconFileSpreadsheet size={36} stroke={1.5} aria-hidden />
            <Text fw={600}>{t(over ? 'imports.start.dropNow' : 'imports.start.drop')}</Text>
            <FileButton accept={IMPORT_FILE_ACCEPT} onChange={(file) => file && onFile(file)}>
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />}>
                  {t('imports.start.choose')}
                </Button>
              )}
            </FileButton>
          </>
        )}
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
      </Stack>
    </Paper>
  );
}
