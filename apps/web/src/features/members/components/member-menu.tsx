// The menu of one member (in the list and on the member page): open in new tab, copy link,
// edit, assign to a site, transfer, activation key, 'Activate Member Now', reset password, the
// kiosk PIN and delete — each offered only to those who may use it. A person's identity (name, e-mail,
// password) is theirs: the business manages it only for an account it created itself, and the
// name and e-mail only until that account is activated.
import { IconArrowsExchange, IconDeviceTablet, IconKey, IconPassword, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { ItemContextMenu, type ItemMenuAction } from '../../../components/item-context-menu.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useAccess } from '../../../lib/session/use-access.ts';

export type MemberDialog = 'edit' | 'assign' | 'activation' | 'reset-password' | 'kiosk-pin' | 'delete';

interface MemberMenuProps {
  member: Member;
  onOpen: (dialog: MemberDialog, member: Member) => void;
  onActivate: (member: Member) => void;
}

/** Whether the business still holds this person's name and e-mail: it created the account, never activated. */
export const managesIdentity = (member: Pick<Member, 'createdHere' | 'active'>) => member.createdHere && !member.active;

/** Owners and admins edit and delete; nobody deletes themselves or the owner, only the owner touches admins. */
export function useMemberPermissions(member: Member) {
  const { account } = useSession();
  const { isAdmin, isOwner, managesAnySite, canManageSite } = useAccess();
  const self = member.userId === account.id;
  const protectedRole = member.authority === 'OWNER' || (member.authority === 'ADMIN' && !isOwner);
  const pendingHere = isAdmin && managesIdentity(member);
  return {
    canEdit: isAdmin && !(member.authority === 'OWNER' && !isOwner),
    /** Name, e-mail and phone in the edit dialog: the person themself, or the business that created the pending account. */
    canEditIdentity: self || managesIdentity(member),
    canDelete: isAdmin && !self && !protectedRole,
    canShowActivationKey: pendingHere,
    canActivate: pendingHere,
    /** The server also refuses an account that belongs to another business too; it says so. */
    canResetPassword: isAdmin && member.createdHere && !self && !protectedRole,
    /** A sign-in limit belongs to the person, but for a pending account this business created. */
    canSeeSignInLock: pendingHere,
    /** The PIN for the site's shared kiosk: owners and admins, for anyone but the owner unless they are it. */
    canSetKioskPin: isAdmin && !(member.authority === 'OWNER' && !isOwner),
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
      onClick: () => void navigate(paths.member(member.userId, { tab: 'transfer' })),
    });
  }
  if (can.canShowActivationKey) {
    actions.push({ key: 'key', label: t('members.actions.activationKey'), icon: <IconKey size={16} />, onClick: () => onOpen('activation', member) });
  }
  if (can.canActivate) {
    actions.push({ key: 'activate', label: t('members.actions.activateNow'), icon: <IconUserCheck size={16} />, onClick: () => onActivate(member) });
  }
  if (can.canResetPassword) {
    actions.push({
      key: 'reset-password',
      label: t('members.actions.resetPassword'),
      icon: <IconPassword size={16} />,
      onClick: () => onOpen('reset-password', member),
    });
  }
  if (can.canSetKioskPin) {
    actions.push({ key: 'kiosk-pin', label: t('kiosks.pin.action'), icon: <IconDeviceTablet size={16} />, onClick: () => onOpen('kiosk-pin', member) });
  }

  return (
    <ItemContextMenu
      label={t('members.table.menuOf', { name: member.fullName || member.username })}
      href={paths.member(member.userId)}
      onEdit={can.canEdit ? () => onOpen('edit', member) : undefined}
      duplicateUnavailable={can.canEdit ? t('members.table.cannotDuplicate') : undefined}
      onDelete={can.canDelete ? () => onOpen('delete', member) : undefined}
      actions={actions}
    />
  );
}
