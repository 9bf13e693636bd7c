// A password input whose show/hide button is labelled in the current language.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('actions.togglePassword') }} />;
}
