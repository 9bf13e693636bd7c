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
  /** Duplicate: a new site starting from this one's settings. */
  copyOf?: Site | null;
  onSaved?: (site: Site) => void;
}

export function SiteFormModal({ opened, onClose, site, initialProjectId, copyOf, onSaved }: SiteFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(site ? 'sites.form.editTitle' : copyOf ? 'sites.form.copyTitle' : 'sites.form.newTitle', { name: copyOf?.name })} size="lg" centered>
      {opened ? (
        <SiteForm
          site={site ?? undefined}
          initialProjectId={initialProjectId}
          copyOf={copyOf ?? undefined}
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
