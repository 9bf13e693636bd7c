// The quiet line a ticket's section (comments, history, images) shows when it holds nothing yet.
import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';

export function EmptyLine({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap="xs" c="dimmed" py="sm">
      {icon}
      <Text size="sm">{text}</Text>
    </Group>
  );
}
