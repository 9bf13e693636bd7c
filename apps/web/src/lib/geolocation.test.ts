import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { removeGeolocation, stubGeolocation, type FakeFix } from '../test/fake-geolocation.ts';
import { requestPosition, useGeolocation } from './geolocation.ts';

afterEach(() => removeGeolocation());

describe('geolocation', () => {
  it('asks on mount and holds the position with its accuracy', async () => {
    stubGeolocation({ latitude: 24.7136123456, longitude: 46.6753, accuracy: 12.4 });
    const { result } = renderHook(() => useGeolocation());
    expect(result.current.state).toEqual({ status: 'asking' });
    await waitFor(() =>
      expect(result.current.state).toEqual({
        status: 'granted',
        position: { latitude: 24.713612, longitude: 46.6753, accuracy: 12 },
      }),
    );
  });

  it('tells a refusal from an unavailable position, and a browser without geolocation', async () => {
    stubGeolocation('denied');
    expect(await requestPosition()).toEqual({ status: 'denied' });
    stubGeolocation('unavailable');
    expect(await requestPosition()).toEqual({ status: 'unavailable' });
    removeGeolocation();
    expect(await requestPosition()).toEqual({ status: 'unavailable' });
  });

  it('keeps the last position when a refresh finds none, but not after a refusal', async () => {
    let fix: FakeFix = { latitude: 1, longitude: 2 };
    const requests = stubGeolocation(() => fix);
    const { result } = renderHook(() => useGeolocation());
    await waitFor(() => expect(result.current.state.status).toBe('granted'));

    fix = 'unavailable';
    await act(async () => {
      expect((await result.current.refresh()).status).toBe('granted');
    });
    fix = 'denied';
    await act(async () => {
      await result.current.refresh();
    });
    expect(result.current.state).toEqual({ status: 'denied' });
    expect(requests.count).toBe(3);
  });

  it('asks nothing when disabled', () => {
    const requests = stubGeolocation({ latitude: 1, longitude: 2 });
    renderHook(() => useGeolocation({ enabled: false }));
    expect(requests.count).toBe(0);
  });
});
