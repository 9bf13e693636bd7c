// One name on the kiosk's list: a large button with the member's photo or initials, and how many
// of their answers wait on this tablet to be sent.
import { Avatar, Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KioskMember } from '@fieldops/shared/kiosks';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('');

export function MemberTile({ member, waiting, onPick }: { member: KioskMember; waiting: number; onPick: (member: KioskMember) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onPick(member)}
      p="md"
      mih={120}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-lg)', display: 'block', width: '100%' }}
    >
      <Stack align="center" gap="xs">
        <Avatar src={member.avatar} alt="" size={64} radius="xl" color="initials" name={member.name}>
          {initials(member.name)}
        </Avatar>
        <Text fw={600} fz="lg" ta="center" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {member.name}
        </Text>
        {!member.hasPin ? (
          <Text size="sm" c="dimmed">
            {t('kiosk.names.noPin')}
          </Text>
        ) : null}
        {waiting > 0 ? (
          <Badge color="orange" variant="light" autoContrast>
            {t('kiosk.names.waiting', { count: formatNumber(waiting, currentLanguage(i18n)) })}
          </Badge>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
}
