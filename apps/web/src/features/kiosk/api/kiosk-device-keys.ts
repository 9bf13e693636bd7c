// The kiosk app's query keys: the names on the tablet's list.
export const kioskDeviceKeys = {
  members: ['kiosk-device', 'members'] as const,
};
