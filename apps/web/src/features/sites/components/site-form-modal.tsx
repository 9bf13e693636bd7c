// Create or edit a site in a dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Site } from '@fieldops/shared/organisation';
import { SiteForm } from './site-form.tsx';

interface SiteFormModalProps {
  opened: boolean;
  onClose: () => void;
  site?: Site | null;
  initialProjectId?: number;
  onSaved?: (site: Site) => void;
}

export function SiteFormModal({ opened, onClose, site, initialProjectId, onSaved }: SiteFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(site ? 'sites.form.editTitle' : 'sites.form.newTitle')} size="lg" centered>
      {opened ? (
        <SiteForm
          site={site ?? undefined}
          initialProjectId={initialProjectId}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      ) : null}
    </Modal>
  );
}
