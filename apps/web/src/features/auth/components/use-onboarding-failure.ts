// Any onboarding failure: the toast 'Failed to complete onboarding, please try again', the
// server's field errors under their inputs, and its own text when no field took it. The toast
// goes as soon as the user tries again, so it never stays above a step that then succeeds.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../../../lib/form.ts';
import { dismissNotice, notifyError } from '../../../lib/notify.ts';

const FAILURE_NOTICE = 'onboarding-failure';

/** `showFieldErrors`: the form's, which puts the field errors under their inputs and returns them. */
export function useOnboardingFailure<V>(showFieldErrors: (error: unknown) => FormErrors<V>) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<unknown>(null);

  const fail = useCallback(
    (error: unknown) => {
      notifyError(t('messages.onboardingFailed'), undefined, FAILURE_NOTICE);
      const fieldErrors = showFieldErrors(error);
      setServerError(Object.keys(fieldErrors).length === 0 ? error : null);
    },
    [t, showFieldErrors],
  );

  const clearServerError = useCallback(() => {
    setServerError(null);
    dismissNotice(FAILURE_NOTICE);
  }, []);

  return { fail, serverError, clearServerError };
}
