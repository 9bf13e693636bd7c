import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, NETWORK_ERROR, STATUS_MESSAGES } from '@fieldops/shared/messages';
import { ApiError } from '../api-error.ts';
import { i18n } from './i18n.ts';
import { canRetry, errorMessage, loadErrorMessage, translateMessage } from './translate-message.ts';

describe('translateMessage', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ar');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates a known specification text', () => {
    expect(translateMessage(MSG.invalidCredentials)).toBe('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(translateMessage(STATUS_MESSAGES[503])).toBe('الخدمة غير متاحة. تحقق مرة أخرى بعد قليل.');
    expect(translateMessage(NETWORK_ERROR)).toBe('خطأ في الشبكة: يرجى التحقق من اتصالك بالإنترنت');
  });

  it('translates the at-least and at-most texts with their number', () => {
    expect(translateMessage('This must be at least 4')).toBe('يجب ألا تقل القيمة عن 4');
    expect(translateMessage('This must be at most 100')).toBe('يجب ألا تزيد القيمة عن 100');
  });

  it('returns an unknown text as it is', () => {
    expect(translateMessage('Something only the server knows')).toBe('Something only the server knows');
  });

  it('gives the server text, else the caller default, for a failed call', () => {
    const server = new ApiError({ status: 409, userMessage: MSG.usernameTaken, fromServer: true });
    const status = new ApiError({ status: 500, userMessage: STATUS_MESSAGES[500] });
    expect(errorMessage(server, 'updateProfileFailed')).toBe('اسم المستخدم مستخدم بالفعل');
    expect(errorMessage(status, 'updateProfileFailed')).toBe('تعذّر تحديث الملف الشخصي للمستخدم');
    expect(errorMessage(status)).toBe('نعمل على إصلاح مشكلة. حاول مرة أخرى لاحقًا.');
  });

  it("gives a load that failed the status's own text before the caller default", () => {
    const status = new ApiError({ status: 500, userMessage: STATUS_MESSAGES[500] });
    const denied = new ApiError({ status: 403, userMessage: STATUS_MESSAGES[403] });
    const odd = new ApiError({ status: 418, userMessage: 'Unexpected error' });
    expect(loadErrorMessage(status, 'updateProfileFailed')).toBe('نعمل على إصلاح مشكلة. حاول مرة أخرى لاحقًا.');
    expect(loadErrorMessage(denied, 'updateProfileFailed')).toBe(translateMessage(STATUS_MESSAGES[403]));
    expect(loadErrorMessage(odd, 'updateProfileFailed')).toBe(translateMessage('Unexpected error'));
    expect(loadErrorMessage(odd, 'updateProfileFailed')).toBe('خطأ غير متوقع');
    // The caller's default is for a failure that is no answer at all.
    expect(loadErrorMessage(new TypeError('x'), 'updateProfileFailed')).toBe('تعذّر تحديث الملف الشخصي للمستخدم');
    expect(canRetry(odd)).toBe(true);
    expect(canRetry(status)).toBe(true);
    expect(canRetry(denied)).toBe(false);
    expect(canRetry(new ApiError({ status: 429, userMessage: 'x' }))).toBe(true);
    expect(canRetry(new ApiError({ status: 0, userMessage: 'x' }))).toBe(true);
  });
});

describe('translateMessage in English', () => {
  it('returns the English text itself', () => {
    expect(translateMessage(MSG.activationKeyMissing)).toBe(MSG.activationKeyMissing);
  });
});
