// Chooses images to attach: several at once, each checked by its content (PNG, JPEG or GIF under
// 10 MB) before it is accepted, listed with a preview and a way to take it out again.
import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { IMAGE_ACCEPT, imageFilesProblem } from '../../../lib/image-files.ts';

interface AttachmentPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

function Preview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Paper withBorder radius="sm" p={4} pos="relative" w={96}>
      <Image src={url} alt={file.name} h={72} w="100%" fit="cover" radius="xs" />
      <Text size="xs" truncate="end" mt={4} title={file.name}>
        {file.name}
      </Text>
      <ActionIcon
        size="sm"
        radius="xl"
        variant="filled"
        color="dark"
        pos="absolute"
        top={6}
        style={{ insetInlineEnd: 6 }}
        aria-label={t('tickets.attachments.remove', { name: file.name })}
        onClick={onRemove}
        disabled={disabled}
      >
        <IconX size={12} />
      </ActionIcon>
    </Paper>
  );
}

export function AttachmentPicker({ files, onChange, disabled }: AttachmentPickerProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setChecking(true);
    const found = await imageFilesProblem(chosen);
    setChecking(false);
    setProblem(found);
    if (!found) onChange([...files, ...chosen]);
  };

  return (
    <Input.Wrapper
      label={t('tickets.attachments.title')}
      description={t('tickets.attachments.hint')}
      error={problem ? translateMessage(problem) : undefined}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="xs" mt={6}>
        {files.length > 0 ? (
          <Group gap="xs">
            {files.map((file, index) => (
              <Preview key={`${file.name}-${index}`} file={file} disabled={disabled} onRemove={() => onChange(files.filter((_, at) => at !== index))} />
            ))}
          </Group>
        ) : null}
        <FileButton multiple accept={IMAGE_ACCEPT} onChange={(chosen) => void add(chosen)} disabled={disabled}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={16} />} loading={checking} style={{ alignSelf: 'flex-start' }}>
              {t('tickets.attachments.choose')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
