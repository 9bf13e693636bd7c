// The menu of a list item: open in new tab, copy link, edit, delete, duplicate — each shown
// only when the caller provides what it needs — plus any actions of the item's own.
import type { ReactNode } from 'react';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export interface ItemMenuAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  color?: string;
}

export interface ItemContextMenuProps {
  /** In-app path of the item; enables "open in new tab" and "copy link". */
  href?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  onDuplicate?: () => void;
  /** Why this item cannot be duplicated: Duplicate is listed, unavailable, with this reason under it. */
  duplicateUnavailable?: string;
  /** Further actions, listed after edit and duplicate. */
  actions?: ItemMenuAction[];
  /** Accessible name of the trigger, e.g. "More actions for Site A". */
  label?: string;
}

export function absoluteUrl(href: string): string {
  return new URL(href, window.location.origin).toString();
}

export function ItemContextMenu({ href, onEdit, onDelete, onDuplicate, duplicateUnavailable, actions = [], label }: ItemContextMenuProps) {
  const { t } = useTranslation();

  const copyLink = async () => {
    if (!href) return;
    try {
      await navigator.clipboard.writeText(absoluteUrl(href));
      notifySuccess(t('feedback.linkCopied'));
    } catch {
      notifyError(t('feedback.copyFailed'));
    }
  };

  const hasNavigation = Boolean(href);
  const hasEditing = Boolean(onEdit || onDuplicate || duplicateUnavailable || actions.length > 0);
  if (!hasNavigation && !hasEditing && !onDelete) return null;

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label ?? t('actions.moreActions')}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {href ? (
          <>
            <Menu.Item component="a" href={href} target="_blank" rel="noopener noreferrer" leftSection={<IconExternalLink size={16} />}>
              {t('actions.openInNewTab')}
            </Menu.Item>
            <Menu.Item leftSection={<IconLink size={16} />} onClick={() => void copyLink()}>
              {t('actions.copyLink')}
            </Menu.Item>
          </>
        ) : null}
        {hasNavigation && hasEditing ? <Menu.Divider /> : null}
        {onEdit ? (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {t('actions.edit')}
          </Menu.Item>
        ) : null}
        {onDuplicate ? (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
            {t('actions.duplicate')}
          </Menu.Item>
        ) : duplicateUnavailable ? (
          <Menu.Item leftSection={<IconCopy size={16} />} disabled>
            {t('actions.duplicate')}
            <Text size="xs" c="dimmed" mt={2}>
              {duplicateUnavailable}
            </Text>
          </Menu.Item>
        ) : null}
        {actions.map((action) => (
          <Menu.Item key={action.key} color={action.color} leftSection={action.icon} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
        {onDelete ? (
          <>
            {hasNavigation || hasEditing ? <Menu.Divider /> : null}
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              {t('actions.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
