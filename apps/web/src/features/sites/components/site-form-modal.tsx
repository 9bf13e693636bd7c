// Create or edit a site in a dialog.
import { useTranslation } from 'react-i18next';
import type { Site } from '@fieldops/shared/organisation';
import { FormModal } from '../../../components/form-modal.tsx';
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
  const title = t(site ? 'sites.form.editTitle' : copyOf ? 'sites.form.copyTitle' : 'sites.form.newTitle', { name: copyOf?.name });
  return (
    <FormModal opened={opened} onClose={onClose} onSaved={onSaved} title={title} size="lg">
      {({ close, saved }) => (
        <SiteForm site={site ?? undefined} initialProjectId={initialProjectId} copyOf={copyOf ?? undefined} onCancel={close} onSaved={saved} />
      )}
    </FormModal>
  );
}
