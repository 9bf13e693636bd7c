import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { list, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { SiteForm } from './site-form.tsx';

const project = { id: 3, name: 'Downtown', website: null, typeId: null, type: null, active: true, rank: null, sitesCount: 0, membersCount: 0 };

function stubGeolocation(getCurrentPosition: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

describe('site form', () => {
  it('fills the coordinates from the device position', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === '/api/v1/projects' ? list([project]) : undefined)).fetchMock);
    stubGeolocation((success) => success({ coords: { latitude: 24.71361234, longitude: 46.67532345 } } as GeolocationPosition));
    renderWithSession(<SiteForm initialProjectId={3} />);
    await userEvent.click(screen.getByRole('button', { name: 'Find your location' }));
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('24.713612');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('46.675323');
  });

  it('keeps the map and the fields in step: typed coordinates place the pin, arrow keys on the pin change the fields', async () => {
    vi.stubGlobal('fetch', stubFetch(({ path }) => (path === '/api/v1/projects' ? list([project]) : undefined)).fetchMock);
    renderWithSession(<SiteForm initialProjectId={3} />);
    expect(screen.getByTestId('map-summary')).toHaveTextContent('No pin placed yet');
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    await userEvent.type(latitude, '24.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Longitude' }), '46.5');
    expect(screen.getByTestId('map-summary')).toHaveTextContent(
      'Pin at latitude \u206624.5\u2069, longitude \u206646.5\u2069. Geofence: a circle of 200 m around the pin.',
    );
    const pin = await screen.findByRole('button', { name: /Site pin/ });
    pin.focus();
    await userEvent.keyboard('{ArrowUp}');
    // One metre north is 0.000009 degrees of latitude.
    expect(latitude).toHaveValue('24.500009');
    const edge = await screen.findByRole('button', { name: /Geofence edge/ });
    edge.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('textbox', { name: /Geofence radius/ })).toHaveValue('210 m');
    expect(screen.getByTestId('map-summary')).toHaveTextContent('a circle of 210 m');
  });

  it('keeps out-of-range coordinates as typed and refuses them under the field, sending nothing', async () => {
    const { calls, fetchMock } = stubFetch(({ path }) => (path === '/api/v1/projects' ? list([project]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession(<SiteForm initialProjectId={3} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'South Tower');
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    const longitude = screen.getByRole('textbox', { name: 'Longitude' });
    await userEvent.type(latitude, '-91');
    await userEvent.type(longitude, '200');
    await userEvent.tab();
    expect(latitude).toHaveValue('-91');
    expect(longitude).toHaveValue('200');
    expect(screen.getByText('This must be at least -90')).toBeInTheDocument();
    expect(screen.getByText('This must be at most 180')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Create|Save/ }));
    expect(latitude).toHaveValue('-91');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says clearly when location access is denied', async () => {
    vi.stubGlobal('fetch', stubFetch(() => list([project])).fetchMock);
    stubGeolocation((_success, failure) =>
      failure?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
    );
    renderWithSession(<SiteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Find your location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location access was denied');
  });

  it('creates a site with the default 200 m geofence and needs a project', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/projects') return list([project]);
      if (method === 'POST' && path === '/api/v1/teams') return Response.json({ id: 9, name: 'Tower C' }, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<SiteForm onSaved={onSaved} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Tower C');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'Downtown' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '24.7');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    expect(await screen.findByText(MSG.coordinatesIncomplete)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '46.6');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Tower C',
      projectId: 3,
      latitude: 24.7,
      longitude: 46.6,
      radius: 200,
      polygon: null,
      typeId: null,
      externalId: null,
      whatsApp: null,
    });
  });

  it('draws a polygon corner by corner from the keyboard, undoes one, and sends it as the geofence', async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/projects') return list([project]);
      if (method === 'POST' && path === '/api/v1/teams') return Response.json({ id: 11, name: 'Yard' }, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithSession(<SiteForm initialProjectId={3} onSaved={onSaved} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Yard');
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '20');
    await user.click(screen.getByRole('radio', { name: 'Polygon' }));
    const addCorner = screen.getByRole('button', { name: 'Add the pin as a corner' });
    const pin = await screen.findByRole('button', { name: /Site pin/ });
    await user.click(addCorner);
    for (const key of ['{Shift>}{ArrowUp}{/Shift}', '{Shift>}{ArrowRight}{/Shift}', '{Shift>}{ArrowDown}{/Shift}']) {
      pin.focus();
      await user.keyboard(key);
      await user.click(addCorner);
    }
    expect(screen.getByTestId('map-summary')).toHaveTextContent('Geofence: a shape with corners: 4.');
    await user.click(screen.getByRole('button', { name: 'Undo last corner' }));
    expect(screen.getByTestId('map-summary')).toHaveTextContent('corners: 3.');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((calls.find((call) => call.method === 'POST')?.body as { polygon: unknown }).polygon).toEqual([
      [10, 20],
      [10.00009, 20],
      [10.00009, 20.000091],
    ]);
  });
});

describe('duplicating a site', () => {
  it("starts from the site's project, place, geofence and type under a numbered name, without its outside reference", async () => {
    const { calls, fetchMock } = stubFetch(({ method, path }) => {
      if (path === '/api/v1/projects') return list([project]);
      if (method === 'POST' && path === '/api/v1/teams') return Response.json({ id: 10, name: 'Tower C 2' }, { status: 201 });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    const original = {
      id: 4,
      name: 'Tower C',
      projectId: 3,
      project: { id: 3, name: 'Downtown' },
      latitude: 24.7,
      longitude: 46.6,
      radius: 350,
      polygon: null,
      typeId: null,
      siteType: null,
      externalId: 'S-17',
      whatsApp: null,
      membersCount: 5,
      rank: null,
      averageScore: null,
    };
    renderWithSession(<SiteForm copyOf={original} onSaved={onSaved} />);
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Tower C 2');
    await userEvent.click(screen.getByRole('button', { name: 'Create site' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Tower C 2', projectId: 3, latitude: 24.7, longitude: 46.6, radius: 350, externalId: null });
  });
});
