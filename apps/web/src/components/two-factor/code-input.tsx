// The six-digit code field: numbers on a phone's keyboard, and the code the phone offers from an
// SMS or an authenticator (one-time-code autocomplete).
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CodeInput(props: Omit<TextInputProps, 'label'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('twoFactor.code')}
      description={t('twoFactor.codeHint')}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      dir="ltr"
      {...props}
    />
  );
}
