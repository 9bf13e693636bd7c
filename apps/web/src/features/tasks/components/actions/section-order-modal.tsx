// The order of a task's sections, changed by dragging them in a list of their names, with a
// pointer or the keyboard (space to pick up, arrows to move, space to drop), each move announced
// to screen readers in the interface's language. Every section keeps its actions; the part before
// the first section stays first. Saved as the whole layout, so a section whose rule would then
// follow an answer given after it is refused with the server's reason, and nothing changes.
import { useState, type FormEvent } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateLayoutMutation } from '../../api/update-layout.ts';
import { refusalText } from '../refusal-text.ts';
import { groupsOf, type Groups } from './action-layout.ts';

export function SectionOrderModal({ task, opened, onClose }: { task: TaskWithActions; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('tasks.sections.orderTitle')}>
      {({ close }) => <SectionOrderForm task={task} onDone={close} />}
    </FormModal>
  );
}

/** The layout with the sections in `order`, each with its actions, the part before them first. */
export function layoutInOrder(groups: Groups, order: readonly number[]): Groups {
  const bySection = new Map(groups.map((group) => [group.sectionId, group]));
  const sections = order.flatMap((id) => {
    const group = bySection.get(id);
    return group ? [group] : [];
  });
  return [bySection.get(null) ?? { sectionId: null, actionIds: [] }, ...sections];
}

function SectionOrderForm({ task, onDone }: { task: TaskWithActions; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const groups = groupsOf(task);
  const sections = task.sections ?? [];
  const [order, setOrder] = useState(() => sections.map((section) => section.id));
  const layout = useUpdateLayoutMutation(task);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byId = new Map(sections.map((section) => [section.id, section]));
  const nameOf = (id: unknown) => {
    const section = byId.get(Number(id));
    return (section && localizedName(section, language)) || t('tasks.sections.untitled');
  };
  const countOf = (id: number) => groups.find((group) => group.sectionId === id)?.actionIds.length ?? 0;
  /** Where the section would stand if dropped over `over`, as words for the announcements. */
  const placeOf = (active: unknown, over: unknown) => {
    const from = order.indexOf(Number(active));
    const to = over === null || over === undefined ? from : order.indexOf(Number(over));
    return { name: nameOf(active), position: formatNumber((to < 0 ? from : to) + 1, language), total: formatNumber(order.length, language) };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tasks.sections.dnd.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) => t('tasks.sections.dnd.over', placeOf(active.id, over?.id)),
    onDragEnd: ({ active, over }) => t('tasks.sections.dnd.dropped', placeOf(active.id, over?.id)),
    onDragCancel: ({ active }) => t('tasks.sections.dnd.cancelled', { name: nameOf(active.id) }),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((current) => arrayMove(current, current.indexOf(Number(active.id)), current.indexOf(Number(over.id))));
  };
  const unchanged = order.every((id, index) => sections[index]?.id === id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) {
      onDone();
      return;
    }
    layout.mutate(
      { groups: layoutInOrder(groups, order) },
      {
        onSuccess: () => {
          notifySuccess(t('tasks.sections.orderSaved'));
          onDone();
        },
        onError: (error) => notifyError(refusalText(error), t('tasks.sections.moveFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('tasks.sections.orderIntro')}
        </Text>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={end}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('tasks.sections.dnd.instructions') } }}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <Stack gap="xs" component="ol" p={0} m={0} aria-label={t('tasks.sections.orderTitle')}>
              {order.map((id, index) => (
                <SortableSection
                  key={id}
                  id={id}
                  name={nameOf(id)}
                  detail={t('tasks.sections.count', { value: formatNumber(countOf(id), language) })}
                  position={formatNumber(index + 1, language)}
                  disabled={layout.isPending}
                  label={t('tasks.dnd.handle', { name: nameOf(id) })}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
        <FormActions submitLabel={t('actions.save')} pending={layout.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

interface SortableSectionProps {
  id: number;
  name: string;
  detail: string;
  position: string;
  disabled: boolean;
  label: string;
}

function SortableSection({ id, name, detail, position, disabled, label }: SortableSectionProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      style={{
        listStyle: 'none',
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={label}
          disabled={disabled}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <Text size="sm" c="dimmed" w={24} ta="center">
          {position}
        </Text>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
