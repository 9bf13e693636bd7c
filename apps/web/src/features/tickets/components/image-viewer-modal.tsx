// An image at full size in a dialog, with a link to open the original.
import { Anchor, Image, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ImageViewerModalProps {
  image: { url: string; name: string } | null;
  onClose: () => void;
}

export function ImageViewerModal({ image, onClose }: ImageViewerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={image !== null} onClose={onClose} title={image?.name ?? ''} size="auto" centered>
      {image ? (
        <Stack gap="sm" align="center">
          <Image src={image.url} alt={image.name} fit="contain" mah="75vh" maw="min(90vw, 1200px)" />
          <Anchor href={image.url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('tickets.attachments.openOriginal')}
          </Anchor>
        </Stack>
      ) : null}
    </Modal>
  );
}
