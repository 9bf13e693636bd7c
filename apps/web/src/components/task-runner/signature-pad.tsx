// The answer of a signature action: drawn with a finger, a pen or a mouse on a pad, or, for
// anyone who cannot draw (a keyboard, a screen reader), typed as a name that is written on the pad.
// Either way the answer is the pad's picture, a PNG on white, sent as the answer's image file.
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconEraser, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../lib/use-object-url.ts';

interface SignaturePadProps {
  file: File | null;
  onChange: (file: File | null) => void;
  labelId: string;
  disabled?: boolean;
}

const WIDTH = 600;
const HEIGHT = 200;

function blank(canvas: HTMLCanvasElement) {
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, HEIGHT);
  context.strokeStyle = '#1a1b1e';
  context.fillStyle = '#1a1b1e';
  context.lineWidth = 3;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  return context;
}

const toFile = (canvas: HTMLCanvasElement) =>
  new Promise<File | null>((resolve) => {
    canvas.toBlob((blob) => resolve(blob ? new File([blob], 'signature.png', { type: 'image/png' }) : null), 'image/png');
  });

export function SignaturePad({ file, onChange, labelId, disabled }: SignaturePadProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [typed, setTyped] = useState('');
  const preview = useObjectUrl(file);

  useEffect(() => {
    if (canvas.current) blank(canvas.current);
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  };
  const end = async (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    const done = await toFile(event.currentTarget);
    if (done) onChange(done);
  };
  const clear = () => {
    if (canvas.current) blank(canvas.current);
    setTyped('');
    onChange(null);
  };
  const writeTyped = async () => {
    const name = typed.trim();
    if (!canvas.current || !name) return;
    const context = blank(canvas.current);
    if (!context) return;
    context.font = 'italic 56px "Noto Sans", "Noto Sans Arabic", serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(name, WIDTH / 2, HEIGHT / 2, WIDTH - 40);
    const done = await toFile(canvas.current);
    if (done) onChange(done);
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Box
        component="canvas"
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={(event) => void end(event)}
        onPointerCancel={(event) => void end(event)}
        w="100%"
        maw={WIDTH}
        style={{
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-md)',
          touchAction: 'none',
          cursor: disabled ? 'not-allowed' : 'crosshair',
          background: '#fff',
        }}
      />
      <Text size="xs" c="dimmed">
        {t('taskRunner.signature.hint')}
      </Text>
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('taskRunner.signature.typedLabel')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          disabled={disabled}
          maxLength={80}
          style={{ flex: 1, minWidth: 180 }}
        />
        <Button variant="light" leftSection={<IconSignature size={16} />} onClick={() => void writeTyped()} disabled={disabled || !typed.trim()}>
          {t('taskRunner.signature.useTyped')}
        </Button>
        <Button variant="subtle" color="red" leftSection={<IconEraser size={16} />} onClick={clear} disabled={disabled || (!file && !typed)}>
          {t('taskRunner.signature.clear')}
        </Button>
      </Group>
      {preview ? (
        <Group gap="xs">
          <Image src={preview} alt={t('taskRunner.signature.saved')} h={48} w="auto" fit="contain" />
          <Text size="xs" c="teal" role="status">
            {t('taskRunner.signature.saved')}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
