// The credentials of a shared-device kiosk. The tablet's device token stays in local storage under
// a key of its own, which signing out and the normal session code never clear; the member signed
// in on it is held in memory only, so a reload hands the tablet back to the name list. While the
// kiosk app runs, the API client and uploads send the device token in X-Kiosk-Token and the
// member's token as the bearer, and a 401 goes to the kiosk's handler instead of the sign-in page.
import type { EnrolKioskResponse, KioskSignInResponse } from '@fieldops/shared/kiosks';

const DEVICE_KEY = 'kioskDevice';

export type KioskDevice = EnrolKioskResponse;
export type KioskMemberSession = KioskSignInResponse;

export interface KioskCredentials {
  deviceToken: string;
  /** The member signed in now, if any. */
  member: KioskMemberSession | null;
}

export function readKioskDevice(): KioskDevice | null {
  try {
    const text = window.localStorage.getItem(DEVICE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<KioskDevice>;
    return typeof value.token === 'string' && value.kiosk ? (value as KioskDevice) : null;
  } catch {
    return null;
  }
}

export function saveKioskDevice(device: KioskDevice): void {
  try {
    window.localStorage.setItem(DEVICE_KEY, JSON.stringify(device));
  } catch {
    // Kept for this page load only.
  }
}

/** The tablet must be enrolled again (revoked, or never enrolled on the server). */
export function forgetKioskDevice(): void {
  try {
    window.localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Nothing kept.
  }
}

let current: KioskCredentials | null = null;

/** Set by the kiosk app while it runs; null everywhere else, where nothing changes. */
export function setKioskCredentials(credentials: KioskCredentials | null): void {
  current = credentials;
}

export const kioskCredentials = (): KioskCredentials | null => current;

/** The member whose token the kiosk sends now, if any. */
export const kioskMemberId = (): number | null => current?.member?.member.id ?? null;

type KioskUnauthorizedHandler = (serverMessage: string | null) => void;
let onKioskUnauthorized: KioskUnauthorizedHandler = () => undefined;

export function setKioskUnauthorizedHandler(handler: KioskUnauthorizedHandler): void {
  onKioskUnauthorized = handler;
}

export function kioskUnauthorized(serverMessage: string | null): void {
  onKioskUnauthorized(serverMessage);
}

/** Sets the kiosk's credentials on a call's headers, through `set`. */
export function applyKioskHeaders(credentials: KioskCredentials, set: (name: string, value: string) => void): void {
  set('X-Kiosk-Token', credentials.deviceToken);
  if (credentials.member) set('Authorization', `Bearer ${credentials.member.id_token}`);
}
