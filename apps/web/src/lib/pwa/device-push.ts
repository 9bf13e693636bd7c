// Web Push on this device: asks the browser's permission, subscribes its push manager with the
// server's VAPID key and gives the subscription to the server (POST /api/v1/push/subscriptions),
// or takes it back (DELETE, then unsubscribe). Sign-out takes it back, so a shared device stops
// hearing of the person who left. The permission is asked only when the person chooses to turn
// notifications on (the tracker's prompt), never on its own.
import { useCallback, useEffect, useState } from 'react';
import type { PushSubscriptionRequest } from '@fieldops/shared/notifications';
import { api } from '../api-client.ts';

export type DevicePushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The worker's registration once it is active; null when the app has none (yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Turns pushes on for this device; answers the state it ends in (the person may refuse). */
export async function turnOnPush(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const ready = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<{ publicKey: string }>('/v1/push/key');
  let subscription = await ready.pushManager.getSubscription();
  // A subscription made with another key (the server's pair was replaced) cannot be pushed to.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) });
  await api.post('/v1/push/subscriptions', requestOf(subscription));
  return 'on';
}

/** Takes this device's subscription back from the server and the browser; quiet when there is none. */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await api.delete('/v1/push/subscriptions', { body: { endpoint: subscription.endpoint } });
  } finally {
    await subscription.unsubscribe();
  }
}

/** This device's push state, and the switches, for a prompt or a settings toggle. */
export function useDevicePush() {
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void devicePushState()
      .catch((): DevicePushState => 'unsupported')
      .then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  const run = useCallback(async (change: () => Promise<DevicePushState>) => {
    setBusy(true);
    try {
      const next = await change();
      setState(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, []);
  const turnOn = useCallback(() => run(turnOnPush), [run]);
  const turnOff = useCallback(() => run(async () => (await turnOffPush(), 'off')), [run]);
  return { state, busy, turnOn, turnOff };
}

function requestOf(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const expected = fromBase64Url(publicKey);
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}
