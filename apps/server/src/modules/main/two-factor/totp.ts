// The arithmetic of two-factor sign-in: authenticator secrets and codes (RFC 6238: 6 digits, 30 s,
// one step either side for a clock that is a little off), and recovery codes.
import crypto from 'node:crypto';
import type * as OtpAuth from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@fieldops/shared/two-factor';
import { hashKey } from '../../../lib/tokens.ts';

/** The name authenticator apps show above the account's codes. */
export const TOTP_ISSUER = 'FieldOps';
/** Steps either side of now that a code may belong to. */
const WINDOW = 1;

let otpAuth: Promise<typeof OtpAuth> | undefined;
/** otpauth is loaded with the first code or enrolment, not by every instance at start. */
const loadOtpAuth = () => (otpAuth ??= import('otpauth'));

/** A new secret: 160 random bits (RFC 4226's recommendation), in base32 as apps take it. */
export const newTotpSecret = async () => new (await loadOtpAuth()).Secret({ size: 20 }).base32;

async function totpOf(secret: string, label = '') {
  const { Secret, TOTP } = await loadOtpAuth();
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The time step a code was made for (within the window around `now`), or null when it matches none. */
export async function stepOfCode(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const delta = (await totpOf(secret)).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** What an authenticator app needs: the secret to type, and the otpauth:// address with its QR code. */
export async function enrolmentOf(secret: string, label: string) {
  const uri = (await totpOf(secret, label)).toString();
  // qrcode is loaded with the first enrolment, not by every instance at start.
  const { default: QRCode } = await import('qrcode');
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qrCode };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One recovery code as shown: two groups of five letters and digits (about 49 bits). */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET.charAt(crypto.randomInt(RECOVERY_ALPHABET.length))).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of recovery codes. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * How a recovery code is stored and looked up: the SHA-256 of its letters, without the dash, in lower
 * case. The codes are random and used once, so no slow hash is needed.
 */
export const hashRecoveryCode = (code: string) => hashKey(code.replace(/[\s-]+/g, '').toLowerCase());
