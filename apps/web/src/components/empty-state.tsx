// An empty state: icon, title and one line of explanation, with an optional action.
import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState, Paper } from '@mantine/core';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /** Draws the state inside a bordered card (for a page section). */
  withCard?: boolean;
}

export function EmptyState({ icon, title, description, action, withCard = false }: EmptyStateProps) {
  const content = (
    <MantineEmptyState icon={icon} title={title} description={description} variant="light" py="xl">
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
  return withCard ? (
    <Paper withBorder radius="md" p="lg">
      {content}
    </Paper>
  ) : (
    content
  );
}
