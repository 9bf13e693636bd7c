// The site picker of the membership dialogs, for when no site is given: one site, searched by
// name among the options (grouped by project) the dialog passes in.
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SiteSelect(props: SelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('siteMembership.site')}
      placeholder={t('siteMembership.sitePlaceholder')}
      required
      searchable
      nothingFoundMessage={t('siteMembership.noSitesFound')}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
