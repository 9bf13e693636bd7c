// An instruction's picture in the action form: the one it has or the one just chosen, shown as a
// preview, with buttons to choose (or replace) and remove it. A file is checked here first (a
// JPEG, PNG or WebP by its content, under 5MB); it is sent when the form is saved.
import { useEffect, useId, useMemo, useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INSTRUCTION_IMAGE_MAX_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { translateMessage } from '../../../../lib/i18n/translate-message.ts';
import { sniffImageType } from '../../../../lib/image-files.ts';

/** What the file input offers; the content check below is what decides. */
export const INSTRUCTION_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

const isWebp = (head: Uint8Array) => String.fromCharCode(...head.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...head.subarray(8, 12)) === 'WEBP';

/** The first bytes of a file: enough for the JPEG, PNG and WebP signatures. */
function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 12);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  // Older engines without Blob.arrayBuffer.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/** The English text of what is wrong with a picture chosen for an instruction, or null. */
export async function instructionImageProblem(file: Blob): Promise<string | null> {
  const head = await readHead(file).catch(() => new Uint8Array());
  const type = sniffImageType(head);
  if (!(type === 'image/jpeg' || type === 'image/png' || isWebp(head))) return MSG.instructionImageType;
  if (file.size >= INSTRUCTION_IMAGE_MAX_BYTES) return MSG.instructionImageTooLarge;
  return null;
}

/** The picture the form will leave the action with: the current one, a new file, or none. */
export interface InstructionImageValue {
  /** The address the action has now (signed), or null. */
  current: string | null;
  /** A file chosen to replace it, not yet sent. */
  file: File | null;
  /** The builder removed the current one. */
  removed: boolean;
}

export const keptImage = (current: string | null): InstructionImageValue => ({ current, file: null, removed: false });

interface InstructionImageFieldProps {
  value: InstructionImageValue;
  onChange: (value: InstructionImageValue) => void;
  /** The instruction's name, for the preview's text alternative. */
  name: string;
}

export function InstructionImageField({ value, onChange, name }: InstructionImageFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const chosenUrl = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const shown = chosenUrl ?? (value.removed ? null : value.current);

  const choose = async (file: File | null) => {
    if (!file) return;
    const found = await instructionImageProblem(file);
    setProblem(found);
    if (!found) onChange({ ...value, file, removed: false });
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={hintId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('tasks.actionForm.image')}
      </Text>
      {shown ? (
        <Image src={shown} alt={t('tasks.actionForm.imageAlt', { name: name || t('tasks.actionForm.image') })} radius="sm" maw={320} mah={240} fit="contain" />
      ) : null}
      <Group gap="xs">
        <FileButton onChange={(file) => void choose(file)} accept={INSTRUCTION_IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="light" size="xs" leftSection={<IconPhotoUp size={16} aria-hidden />}>
              {shown ? t('tasks.actionForm.replaceImage') : t('tasks.actionForm.chooseImage')}
            </Button>
          )}
        </FileButton>
        {shown ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => {
              setProblem(null);
              onChange({ ...value, file: null, removed: value.current !== null });
            }}
          >
            {t('tasks.actionForm.removeImage')}
          </Button>
        ) : null}
      </Group>
      <Text id={hintId} size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ? translateMessage(problem) : t('tasks.actionForm.imageHint')}
      </Text>
    </Stack>
  );
}
