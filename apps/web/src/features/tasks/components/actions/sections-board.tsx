// The task's actions by section, reordered by dragging, with a pointer or the keyboard (space to
// pick up, arrows to move within a section or into the next, space to drop), each move announced
// to screen readers in the interface's language. A move shows at once and is saved as the whole
// layout; when the server refuses it (a rule would point forwards) the layout before comes back.
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconGitBranch, IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Action, Section, TaskWithActions } from '@fieldops/shared/tasks';
import { ItemContextMenu } from '../../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { useUpdateLayoutMutation } from '../../api/update-layout.ts';
import { refusalText } from '../refusal-text.ts';
import { groupDropId, groupIndexOf, groupsOf, moveInGroups, sameLayout, type Groups } from './action-layout.ts';

export interface SectionHandlers {
  onAddAction: (section: Section) => void;
  onEdit: (section: Section) => void;
  onRule: (section: Section) => void;
  onDelete: (section: Section) => void;
}

interface SectionsBoardProps {
  task: TaskWithActions;
  canManage: boolean;
  /** Draws one action; `handle` is its drag handle, absent for readers. */
  renderAction: (action: Action, position: number, sortable: SortableProps) => ReactNode;
  sectionHandlers: SectionHandlers;
}

/** What a card needs to be dragged: its element, its moving style and its handle. */
export interface SortableProps {
  ref?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  handle?: ReactNode;
}

export function SectionsBoard({ task, canManage, renderAction, sectionHandlers }: SectionsBoardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const saved = useMemo(() => groupsOf(task), [task]);
  const [dragging, setDragging] = useState<Groups | null>(null);
  // The layout as the drag has left it, read by the announcements, which may run before a render.
  const live = useRef<Groups | null>(null);
  const groups = dragging ?? saved;
  // A card that has just crossed into another group shifts both groups under the pointer: until
  // that layout has been drawn, the card counts as over itself. Otherwise the shift can put the
  // pointer back over the group it left, the card crosses back, the layout shifts again, and the
  // moves chase each other until React gives up on the page (a slow phone meets this first).
  const crossing = useRef(false);
  useEffect(() => {
    if (!crossing.current) return;
    const frame = requestAnimationFrame(() => (crossing.current = false));
    return () => cancelAnimationFrame(frame);
  }, [dragging]);
  const collisions: CollisionDetection = (args) => (crossing.current ? [{ id: args.active.id }] : closestCenter(args));
  const layout = useUpdateLayoutMutation(task);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const actionsById = useMemo(() => new Map(task.actions.map((action) => [action.id, action])), [task.actions]);
  const sectionsById = useMemo(() => new Map((task.sections ?? []).map((section) => [section.id, section])), [task.sections]);
  const actionName = (id: unknown) => {
    const action = actionsById.get(Number(id));
    return (action && localizedName(action, language)) || t('tasks.untitledAction');
  };
  const groupName = (sectionId: number | null) => {
    if (sectionId === null) return t('tasks.sections.unsectioned');
    const section = sectionsById.get(sectionId);
    return (section && localizedName(section, language)) || t('tasks.sections.untitled');
  };
  /** Where the action stands now, for the announcements: its place in its group and the group's name. */
  const placeOf = (id: unknown, at: Groups) => {
    const index = groupIndexOf(at, Number(id));
    const group = at[index];
    if (!group) return null;
    return {
      position: formatNumber(group.actionIds.indexOf(Number(id)) + 1, language),
      total: formatNumber(group.actionIds.length, language),
      section: groupName(group.sectionId),
    };
  };

  /** The layout the drag would leave if dropped where it is over now. */
  const wouldBe = (active: unknown, over: { id: string | number } | null) => {
    const base = live.current ?? saved;
    return over ? moveInGroups(base, Number(active), over.id) : base;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tasks.dnd.picked', { name: actionName(active.id) }),
    onDragOver: ({ active, over: target }) => {
      const place = placeOf(active.id, wouldBe(active.id, target));
      return place ? t('tasks.dnd.over', { name: actionName(active.id), ...place }) : undefined;
    },
    onDragEnd: ({ active, over: target }) => {
      const place = placeOf(active.id, wouldBe(active.id, target));
      return place ? t('tasks.dnd.dropped', { name: actionName(active.id), ...place }) : undefined;
    },
    onDragCancel: ({ active }) => t('tasks.dnd.cancelled', { name: actionName(active.id) }),
  };

  const show = (next: Groups | null) => {
    live.current = next;
    setDragging(next);
  };
  const start = (_event: DragStartEvent) => show(saved);
  const over = ({ active, over: target }: DragOverEvent) => {
    const base = live.current ?? saved;
    // Across groups the card follows the pointer or the arrows at once; within one, on drop.
    if (crossing.current || !target || groupIndexOf(base, Number(active.id)) === groupIndexOf(base, target.id)) return;
    crossing.current = true;
    show(moveInGroups(base, Number(active.id), target.id));
  };
  const end = ({ active, over: target }: DragEndEvent) => {
    crossing.current = false;
    const next = wouldBe(active.id, target);
    show(null);
    if (sameLayout(next, saved)) return;
    layout.mutate({ groups: next }, { onError: (error) => notifyError(refusalText(error), t('tasks.sections.moveFailed')) });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      // The sections grow and shrink as a card passes between them: measured all along the drag.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={start}
      onDragOver={over}
      onDragEnd={end}
      onDragCancel={() => {
        crossing.current = false;
        show(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('tasks.dnd.instructions') } }}
    >
      <Stack gap="md">
        {groups.map((group) => {
          const section = group.sectionId === null ? null : (sectionsById.get(group.sectionId) ?? null);
          if (!section && group.actionIds.length === 0) return null;
          const firstPosition = positionOf(groups, group.sectionId);
          return (
            <SectionGroup
              key={groupDropId(group.sectionId)}
              group={group}
              section={section}
              name={groupName(group.sectionId)}
              canManage={canManage}
              handlers={sectionHandlers}
            >
              {group.actionIds.map((id, index) => {
                const action = actionsById.get(id);
                return action ? (
                  <SortableAction key={id} action={action} disabled={!canManage || layout.isPending} label={t('tasks.dnd.handle', { name: actionName(id) })}>
                    {(sortable) => renderAction(action, firstPosition + index, sortable)}
                  </SortableAction>
                ) : null;
              })}
            </SectionGroup>
          );
        })}
      </Stack>
    </DndContext>
  );
}

/** The number through the task of a group's first action. */
function positionOf(groups: Groups, sectionId: number | null): number {
  let position = 1;
  for (const group of groups) {
    if (group.sectionId === sectionId) return position;
    position += group.actionIds.length;
  }
  return position;
}

interface SectionGroupProps {
  group: Groups[number];
  section: Section | null;
  name: string;
  canManage: boolean;
  handlers: SectionHandlers;
  children: ReactNode;
}

/** A section's heading and its list, which takes dropped actions even when empty. */
function SectionGroup({ group, section, name, canManage, handlers, children }: SectionGroupProps) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: groupDropId(group.sectionId) });
  const list = (
    <SortableContext items={group.actionIds} strategy={verticalListSortingStrategy}>
      <Stack
        gap="xs"
        component="ol"
        p={0}
        m={0}
        ref={setNodeRef}
        aria-label={section ? t('tasks.sections.actionsIn', { name }) : t('tasks.actions.listLabel')}
        mih={section ? 48 : undefined}
        style={{ outline: isOver ? '2px dashed var(--mantine-color-blue-5)' : undefined, borderRadius: 'var(--mantine-radius-md)' }}
      >
        {children}
      </Stack>
      {section && group.actionIds.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center">
          {t('tasks.sections.empty')}
        </Text>
      ) : null}
    </SortableContext>
  );
  if (!section) return list;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={name} bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text component="h3" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tasks.sections.count', { value: formatNumber(group.actionIds.length, currentLanguage(i18n)) })}
            </Text>
          </Stack>
          {canManage ? (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => handlers.onAddAction(section)}
                aria-label={t('tasks.sections.addAction', { name })}
              >
                {t('tasks.actions.add')}
              </Button>
              <ItemContextMenu
                label={t('tasks.actions.menuOf', { name })}
                actions={[
                  { key: 'edit', label: t('tasks.sections.edit'), icon: <IconPencil size={16} />, onClick: () => handlers.onEdit(section) },
                  { key: 'rule', label: t('tasks.sections.rule'), icon: <IconGitBranch size={16} />, onClick: () => handlers.onRule(section) },
                  { key: 'delete', label: t('tasks.sections.delete'), icon: <IconTrash size={16} />, color: 'red', onClick: () => handlers.onDelete(section) },
                ]}
              />
            </Group>
          ) : null}
        </Group>
        {list}
      </Stack>
    </Paper>
  );
}

interface SortableActionProps {
  action: Action;
  disabled: boolean;
  label: string;
  children: (sortable: SortableProps) => ReactNode;
}

function SortableAction({ action, disabled, label, children }: SortableActionProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: action.id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  const handle = disabled ? undefined : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={label}
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
  return <>{children({ ref: setNodeRef, style, handle })}</>;
}
