// The frame the business's rule editors share (SLA rules, routing rules): a titled card whose
// saved rules are read through a query gate, and the editor's footer with "add" and "save".
import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { QueryGate, type GatedQuery } from '../../../components/query-gate.tsx';

interface RulesCardProps<T> {
  title: string;
  description: string;
  query: GatedQuery<T>;
  fallbackKey: string;
  children: (saved: T) => ReactNode;
}

export function RulesCard<T>({ title, description, query, fallbackKey, children }: RulesCardProps<T>) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <QueryGate query={query} fallbackKey={fallbackKey} withCard={false} loaderHeight={120}>
          {children}
        </QueryGate>
      </Stack>
    </Card>
  );
}

/** "Add a … rule" and "Save … rules", beneath an editor its reader may change. */
export function RulesFooter({ addLabel, saveLabel, onAdd, saving }: { addLabel: string; saveLabel: string; onAdd: () => void; saving: boolean }) {
  return (
    <Group justify="space-between">
      <Button variant="default" leftSection={<IconPlus size={16} />} onClick={onAdd}>
        {addLabel}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
