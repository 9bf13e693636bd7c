// The sign-in's second step, after a right password: a code from the authenticator app, or one of
// the recovery codes; or, when a business requires two-factor of the person's role and they have
// none yet, setting up an authenticator first (its recovery codes are shown before going on). A
// step that expired or took too many wrong codes sends the person back to the password.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { codeRequest, recoveryCode as recoveryCodeSchema, type TotpEnrolment, type TwoFactorStep } from '@fieldops/shared/two-factor';
import { FormAlert } from '../../../components/form-alert.tsx';
import { CodeInput } from '../../../components/two-factor/code-input.tsx';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes.tsx';
import { TotpSetup } from '../../../components/two-factor/totp-setup.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { signInWithCode, startSignInEnrolment } from '../api/two-factor-sign-in.ts';

/** Refusals after which this step is over: back to the password. */
const STEP_OVER: ReadonlySet<string> = new Set([MSG.twoFactorChallengeExpired, MSG.twoFactorTooManyCodes]);
export const endsStep = (error: unknown) => error instanceof ApiError && STEP_OVER.has(error.message);

interface TwoFactorStepProps {
  step: TwoFactorStep;
  /** The session's token: the sign-in is complete. */
  onSignedIn: (idToken: string) => void;
  /** Back to the password, with why (the refusal), or none when the person chose to. */
  onRestart: (reason: unknown) => void;
}

export function TwoFactorStepForm({ step, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [enrolFailure, setEnrolFailure] = useState<unknown>(null);
  const [done, setDone] = useState<{ token: string; codes: string[] } | null>(null);
  const enrolling = step.twoFactor === 'enrol';
  const started = useRef(false);

  const startEnrolment = () => {
    setEnrolFailure(null);
    startSignInEnrolment(step.challenge).then(setEnrolment, (error: unknown) => {
      if (endsStep(error)) onRestart(error);
      else setEnrolFailure(error);
    });
  };
  useEffect(() => {
    // Once per step: a second start would make a new secret under the person's eyes.
    if (!enrolling || started.current) return;
    started.current = true;
    startEnrolment();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per step, whatever the callbacks
  }, [enrolling]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = useRecovery ? recoveryCodeSchema.safeParse(value) : codeRequest.shape.code.safeParse(value);
    if (!parsed.success) {
      setFieldError(useRecovery ? MSG.recoveryCodeWrong : MSG.twoFactorCodeInvalid);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setPending(true);
    signInWithCode({ challenge: step.challenge, ...(useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }) }).then(
      (answer) => {
        if (answer.recoveryCodes) setDone({ token: answer.id_token, codes: answer.recoveryCodes });
        else onSignedIn(answer.id_token);
      },
      (error: unknown) => {
        setPending(false);
        if (endsStep(error)) {
          onRestart(error);
          return;
        }
        setFailure(error);
        setValue('');
      },
    );
  };

  if (done) return <RecoveryCodes codes={done.codes} onDone={() => onSignedIn(done.token)} />;

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
      {t('login.twoFactor.back')}
    </Anchor>
  );

  if (enrolling && !enrolment) {
    return enrolFailure ? (
      <Stack gap="md">
        <FormAlert error={enrolFailure} />
        <Button onClick={startEnrolment}>{t('actions.retry')}</Button>
        {back}
      </Stack>
    ) : (
      <Center py="lg">
        <Loader aria-label={t('login.twoFactor.preparing')} />
      </Center>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.twoFactor.title')}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('login.twoFactor.title')}
        </Title>
        <Text size="sm">{enrolling ? t('login.twoFactor.enrolText') : useRecovery ? t('login.twoFactor.recoveryText') : t('login.twoFactor.codeText')}</Text>
        <FormAlert error={failure} />
        {enrolment ? <TotpSetup enrolment={enrolment} /> : null}
        {useRecovery ? (
          <TextInput
            key="recovery"
            label={t('login.twoFactor.recoveryCode')}
            autoComplete="off"
            dir="ltr"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError ? translateMessage(fieldError) : undefined}
            autoFocus
          />
        ) : (
          <CodeInput
            key="code"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError ? translateMessage(fieldError) : undefined}
            autoFocus
          />
        )}
        <Button type="submit" fullWidth loading={pending}>
          {enrolling ? t('login.twoFactor.enrolSubmit') : t('login.twoFactor.verify')}
        </Button>
        {enrolling ? null : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((current) => !current);
              setValue('');
              setFieldError(null);
              setFailure(null);
            }}
          >
            {useRecovery ? t('login.twoFactor.useCode') : t('login.twoFactor.useRecovery')}
          </Anchor>
        )}
        {back}
      </Stack>
    </form>
  );
}
