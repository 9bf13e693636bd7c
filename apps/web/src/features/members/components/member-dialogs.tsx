// The dialogs a member's menu opens, shared by the members list and the member page.
import { useState } from 'react';
import type { Member } from '@fieldops/shared/account';
import { AssignMemberModal } from '../../../components/site-membership/assign-member-modal.tsx';
import { ActivationKeyModal } from './activation-key-modal.tsx';
import { DeleteMemberModal } from './delete-member-modal.tsx';
import { EditMemberModal } from './edit-member-modal.tsx';
import { KioskPinModal } from './kiosk-pin-modal.tsx';
import type { MemberDialog } from './member-menu.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { useActivateMember } from './use-activate-member.ts';

export function useMemberDialogs() {
  const [open, setOpen] = useState<{ dialog: MemberDialog; member: Member } | null>(null);
  const { activate } = useActivateMember();
  return {
    state: open,
    openDialog: (dialog: MemberDialog, member: Member) => setOpen({ dialog, member }),
    close: () => setOpen(null),
    activate,
  };
}

interface MemberDialogsProps {
  state: { dialog: MemberDialog; member: Member } | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function MemberDialogs({ state, onClose, onDeleted }: MemberDialogsProps) {
  const of = (dialog: MemberDialog) => (state?.dialog === dialog ? state.member : null);
  const assigning = of('assign');
  return (
    <>
      <EditMemberModal member={of('edit')} onClose={onClose} />
      <ActivationKeyModal member={of('activation')} onClose={onClose} />
      <ResetPasswordModal member={of('reset-password')} onClose={onClose} />
      <KioskPinModal member={of('kiosk-pin')} onClose={onClose} />
      <DeleteMemberModal member={of('delete')} onClose={onClose} onDeleted={onDeleted} />
      <AssignMemberModal
        opened={assigning !== null}
        onClose={onClose}
        member={
          assigning ? { userId: assigning.userId, name: assigning.fullName || assigning.username, siteIds: assigning.teams.map((team) => team.id) } : undefined
        }
      />
    </>
  );
}
