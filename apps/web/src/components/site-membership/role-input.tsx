// The role of a member in a site: Supervisor or Member.
import { Input, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SITE_AUTHORITIES, type SiteAuthority } from '@fieldops/shared/enums';

interface RoleInputProps {
  value: SiteAuthority;
  onChange: (value: SiteAuthority) => void;
  label: string;
}

export function RoleInput({ value, onChange, label }: RoleInputProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} labelElement="div">
      <SegmentedControl
        fullWidth
        aria-label={label}
        value={value}
        onChange={(next) => onChange(next as SiteAuthority)}
        data={SITE_AUTHORITIES.map((authority) => ({ value: authority, label: t(`user.authority.${authority}`) }))}
        styles={{ input: { width: 1, height: 1 } }}
      />
    </Input.Wrapper>
  );
}
