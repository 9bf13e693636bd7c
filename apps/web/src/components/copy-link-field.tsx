// A link to hand to someone (an activation or invitation link): read-only, selected on focus,
// written left to right in either language, with a copy button that says when it copied.
import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function CopyLinkField({ label, link }: { label: string; link: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={link}
      readOnly
      dir="ltr"
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={link} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('feedback.linkCopied') : t('actions.copyLink')} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('actions.copyLink')}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
