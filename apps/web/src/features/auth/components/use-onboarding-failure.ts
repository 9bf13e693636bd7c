// Any onboarding failure: the toast 'Failed to complete onboarding, please try again', the
// server's field errors under their inputs, and its own text when no field took it. The toast
// goes as soon as the user tries again, so it never stays above a step that then succeeds.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldErrorsToErrors, type FormErrors } from '../../../lib/form.ts';
import { dismissNotice, notifyError } from '../../../lib/notify.ts';

const FAILURE_NOTICE = 'onboarding-failure';

export function useOnboardingFailure<V>(fields: readonly string[], setErrors: (errors: FormErrors<V>) => void) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<unknown>(null);

  const fail = useCallback(
    (error: unknown) => {
      notifyError(t('messages.onboardingFailed'), undefined, FAILURE_NOTICE);
      const fieldErrors = error instanceof ApiError ? fieldErrorsToErrors<V>(error.fieldErrors, fields) : {};
      setErrors(fieldErrors);
      setServerError(Object.keys(fieldErrors).length === 0 ? error : null);
    },
    [t, fields, setErrors],
  );

  const clearServerError = useCallback(() => {
    setServerError(null);
    dismissNotice(FAILURE_NOTICE);
  }, []);

  return { fail, serverError, clearServerError };
}
