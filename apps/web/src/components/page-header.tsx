// The top of a page: its title (also the document title), a line of description, actions.
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);

  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
