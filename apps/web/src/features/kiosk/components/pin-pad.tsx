// The PIN pad a member signs in with: a labelled PIN field the keyboard can fill, and large digit
// buttons (at least 64 px) laid out like a phone's in either language. Why a try failed is
// announced: a wrong PIN, no PIN yet, or too many wrong PINs with how long to wait.
import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBackspace, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { ApiError } from '../../../lib/api-error.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';

const MAX_DIGITS = 6;
const TARGET = 64;

/** Why a sign-in failed, in the reader's language: the wait comes from Retry-After. */
export function usePinError(error: unknown): string | null {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (error.status === 429) {
    const seconds = error.retryAfter ?? 0;
    const language = currentLanguage(i18n);
    if (seconds <= 0) return translateMessage(MSG.kioskTooManyPins);
    if (seconds < 60) return t('kiosk.pin.waitSeconds', { seconds: formatNumber(seconds, language) });
    return t('kiosk.pin.wait', { minutes: formatNumber(Math.ceil(seconds / 60), language) });
  }
  const onPin = error.fieldErrors.find((field) => field.field === 'pin');
  if (onPin) return translateMessage(onPin.message);
  return errorMessage(error);
}

interface PinPadProps {
  pending: boolean;
  error: string | null;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
}

export function PinPad({ pending, error, onSubmit, onCancel }: PinPadProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const press = (digit: string) => setPin((value) => (value.length < MAX_DIGITS ? value + digit : value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,6}$/.test(pin)) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    onSubmit(pin);
    setPin('');
  };

  const shown = tooShort ? translateMessage(MSG.kioskPinInvalid) : error;
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('kiosk.pin.label')}
          size="xl"
          inputMode="numeric"
          autoComplete="off"
          maxLength={MAX_DIGITS}
          dir="ltr"
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, MAX_DIGITS))}
          error={shown ?? undefined}
          data-autofocus
        />
        {/* Read out when it changes, in addition to the field's own error. */}
        <Text role="alert" aria-live="assertive" size="sm" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
          {shown ?? ''}
        </Text>
        <SimpleGrid cols={3} spacing="sm" dir="ltr">
          {digits.map((digit) => (
            <Button key={digit} variant="default" h={TARGET} fz={28} onClick={() => press(digit)} aria-label={t('kiosk.pin.digit', { digit })}>
              {digit}
            </Button>
          ))}
          <Button variant="subtle" h={TARGET} fz="lg" onClick={() => setPin('')}>
            {t('kiosk.pin.clear')}
          </Button>
          <Button variant="default" h={TARGET} fz={28} onClick={() => press('0')} aria-label={t('kiosk.pin.digit', { digit: '0' })}>
            0
          </Button>
          <Button variant="subtle" h={TARGET} onClick={() => setPin((value) => value.slice(0, -1))} aria-label={t('kiosk.pin.backspace')}>
            <IconBackspace size={28} aria-hidden />
          </Button>
        </SimpleGrid>
        <Group grow gap="sm">
          <Button variant="default" size="lg" h={TARGET} onClick={onCancel}>
            {t('kiosk.pin.cancel')}
          </Button>
          <Button type="submit" size="lg" h={TARGET} loading={pending} leftSection={<IconLogin size={20} />}>
            {t('kiosk.pin.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
