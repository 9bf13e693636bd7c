// The sign-in's second step: POST /api/authenticate/two-factor (the challenge with a code or a
// recovery code, for the token) and, when a business requires two-factor and the person has none,
// POST /api/authenticate/two-factor/enrolment first (the new authenticator's QR code and key).
// Plain calls, like the password's: nothing of them is cached.
import type { TotpEnrolment, TwoFactorSignInRequest, TwoFactorSignInResponse } from '@fieldops/shared/two-factor';
import { api } from '../../../lib/api-client.ts';

export const signInWithCode = (body: TwoFactorSignInRequest) => api.post<TwoFactorSignInResponse>('/authenticate/two-factor', body);

export const startSignInEnrolment = (challenge: string) => api.post<TotpEnrolment>('/authenticate/two-factor/enrolment', { challenge });
