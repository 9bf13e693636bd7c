// PUT /api/v1/account/language {language} (204): the language the signed-in person reads the app
// in, so the e-mails and pushes the server sends them come in it. A plain call: the language
// switch also sits on sign-in, which has no query cache, and nothing on screen waits for it.
import type { Language } from '@fieldops/shared/notifications';
import { api } from '../../api-client.ts';

export const updateLanguage = (language: Language) => api.put<null>('/v1/account/language', { language });
