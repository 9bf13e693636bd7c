// The menu of one member (in the list and on the member page): open in new tab, copy link,
// edit, assign to a site, transfer, activation key, 'Activate Member Now' and delete — each
// offered only to those who may use it.
import { IconArrowsExchange, IconKey, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { ItemContextMenu, type ItemMenuAction } from '../../../components/item-context-menu.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useAccess } from '../../../lib/session/use-access.ts';

export type MemberDialog = 'edit' | 'assign' | 'activation' | 'delete';

interface MemberMenuProps {
  member: Member;
  onOpen: (dialog: MemberDialog, member: Member) => void;
  onActivate: (member: Member) => void;
}

export const memberPath = (userId: number) => `/members/${userId}`;

/** Owners and admins edit and delete; nobody deletes themselves or the owner, only the owner touches admins. */
export function useMemberPermissions(member: Member) {
  const { account } = useSession();
  const { isAdmin, isOwner, managesAnySite, canManageSite } = useAccess();
  const self = member.userId === account.id;
  const protectedRole = member.authority === 'OWNER' || (member.authority === 'ADMIN' && !isOwner);
  return {
    canEdit: isAdmin && !(member.authority === 'OWNER' && !isOwner),
    canDelete: isAdmin && !self && !protectedRole,
    canActivate: isAdmin && !member.active,
    canAssign: managesAnySite,
    canTransfer: member.teams.some((team) => canManageSite(team.id)),
  };
}

export function MemberMenu({ member, onOpen, onActivate }: MemberMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useMemberPermissions(member);

  const actions: ItemMenuAction[] = [];
  if (can.canAssign) {
    actions.push({ key: 'assign', label: t('members.actions.assign'), icon: <IconUserPlus size={16} />, onClick: () => onOpen('assign', member) });
  }
  if (can.canTransfer) {
    actions.push({
      key: 'transfer',
      label: t('members.actions.transfer'),
      icon: <IconArrowsExchange size={16} />,
      onClick: () => void navigate(`${memberPath(member.userId)}?tab=transfer`),
    });
  }
  if (can.canActivate) {
    actions.push(
      { key: 'key', label: t('members.actions.activationKey'), icon: <IconKey size={16} />, onClick: () => onOpen('activation', member) },
      { key: 'activate', label: t('members.actions.activateNow'), icon: <IconUserCheck size={16} />, onClick: () => onActivate(member) },
    );
  }

  return (
    <ItemContextMenu
      label={t('members.table.menuOf', { name: member.fullName || member.username })}
      href={memberPath(member.userId)}
      onEdit={can.canEdit ? () => onOpen('edit', member) : undefined}
      onDelete={can.canDelete ? () => onOpen('delete', member) : undefined}
      actions={actions}
    />
  );
}
