// A section of a settings or profile page: a bordered card named by its title (a level-two
// heading, so screen readers list the sections), a line saying what it is for, then its content.
import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

interface SettingsCardProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  text: string;
  children: ReactNode;
}

export function SettingsCard({ titleId, title, text, children }: SettingsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
