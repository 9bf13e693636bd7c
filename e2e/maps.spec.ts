// The maps journey, in English and in Arabic: a new site placed with the map picker (the pin from
// typed coordinates, moved with the arrow keys, the geofence circle resized by dragging its edge
// and by its field, then a polygon drawn by clicking its corners, one undone), then found on the sites map and opened from its marker. The tiles come from
// a tile server this journey starts on 127.0.0.1 (MAP_TILE_URL points there in
// playwright.config.ts), so nothing is fetched from outside; before it starts, the picker still
// shows the pin, the circle and the coordinates.
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { TILE_PORT } from '../playwright.config.ts';
import { PHONE } from './phone.ts';
import { apiToken, DEMO, expectAccessible, expectDirection, png, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

// A light tile with a darker grid line, so a screenshot shows where tiles were drawn.
const TILE = png(256, 256, (x, y) => (x === 0 || y === 0 ? [190, 200, 210] : [232, 238, 226]));
const tileRequests: string[] = [];
let tiles: http.Server | null = null;

test.use({ actionTimeout: 10_000 });

const startTiles = () =>
  new Promise<void>((resolve) => {
    tiles = http.createServer((request, response) => {
      tileRequests.push(request.url ?? '');
      if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(TILE);
    });
    tiles.listen(TILE_PORT, '127.0.0.1', resolve);
  });

test.afterAll(async () => {
  await new Promise<void>((resolve) => (tiles ? tiles.close(() => resolve()) : resolve()));
});

/** Each language's site somewhere of its own, far from the demo business's sites. */
const PLACES: Record<Lang, { latitude: number; longitude: number }> = {
  en: { latitude: -33.9249, longitude: 18.4241 },
  ar: { latitude: -1.2921, longitude: 36.8219 },
};

/** A coordinate as the summary writes it, isolated left to right in either language. */
const ltr = (value: number | string) => `\u2066${value}\u2069`;

const fieldValue = async (page: Page, label: string) =>
  Number((await page.getByRole('dialog').getByLabel(label, { exact: true }).inputValue()).replace(/[^\d.-]/g, ''));

for (const [lang, viewport] of [
  ['en', { width: 1366, height: 900 }],
  ['ar', PHONE],
] as const satisfies [Lang, { width: number; height: number }][]) {
  test(`maps journey in ${lang} (${viewport.width}px)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const siteName = `Map Site ${unique().replace(/[0-9]/g, 'x')}`;
    const place = PLACES[lang];
    await page.setViewportSize(viewport);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // The picker without tiles: the pin, the circle and the coordinates are still there.
    const token = await apiToken(request, DEMO.username, DEMO.password);
    // A site left at this place by an earlier try of this journey would share its marker's cluster.
    const places = (await (await request.get('/api/v1/teams/places', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      items: { id: number; name: string; latitude: number; longitude: number }[];
    };
    for (const earlier of places.items.filter(
      (site) => site.name.startsWith('Map Site ') && Math.abs(site.latitude - place.latitude) < 1 && Math.abs(site.longitude - place.longitude) < 1,
    )) {
      expect((await request.delete(`/api/v1/teams/${earlier.id}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBeTruthy();
    }
    const projects = (await (await request.get('/api/v1/projects?page=0&size=1', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: number;
    }[];
    await page.goto(`/sites?new=1&project=${projects[0]!.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t(lang, 'sites.form.name')).first().fill(siteName);
    await dialog.getByLabel(t(lang, 'sites.form.latitude'), { exact: true }).fill(String(place.latitude));
    await dialog.getByLabel(t(lang, 'sites.form.longitude'), { exact: true }).fill(String(place.longitude));
    const pin = dialog.getByRole('button', { name: t(lang, 'maps.picker.pin') });
    await expect(pin).toBeVisible();
    await expect(dialog.locator('.leaflet-overlay-pane path').first()).toBeVisible();
    const summary = dialog.getByTestId('map-summary');
    await expect(summary).toContainText(
      t(lang, 'maps.picker.summary.circle', { latitude: ltr(place.latitude), longitude: ltr(place.longitude), radius: '200' }),
    );
    if (!tiles) {
      await shot(page, `${lang}-maps-01-picker-without-tiles`);
      await startTiles();
    }

    // With tiles: the map is drawn from the journey's own tile server.
    await page.reload();
    await dialog.getByLabel(t(lang, 'sites.form.name')).first().fill(siteName);
    await dialog.getByLabel(t(lang, 'sites.form.latitude'), { exact: true }).fill(String(place.latitude));
    await dialog.getByLabel(t(lang, 'sites.form.longitude'), { exact: true }).fill(String(place.longitude));
    await expect(pin).toBeVisible();
    await expect.poll(() => dialog.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect(tileRequests.some((url) => /^\/tiles\/1[6-9]\//.test(url))).toBe(true);

    // The pin moves with the arrow keys: one metre north a press.
    await pin.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await fieldValue(page, t(lang, 'sites.form.latitude'))).toBeCloseTo(place.latitude + 0.000018, 6);

    // The circle grows when its edge is dragged outwards (east, whatever the page's direction).
    const edge = dialog.getByRole('button', { name: t(lang, 'maps.picker.handle') });
    // On a phone the dialog scrolls: the whole map in view before a drag on it.
    await dialog.getByTestId('map-picker').scrollIntoViewIfNeeded();
    const box = (await edge.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const radius = t(lang, 'sites.form.radius');
    const dragged = await fieldValue(page, radius);
    expect(dragged).toBeGreaterThan(200);
    // And from its field: the circle follows.
    await dialog.getByLabel(radius, { exact: true }).fill('150');
    const latitude = await dialog.getByLabel(t(lang, 'sites.form.latitude'), { exact: true }).inputValue();
    await expect(summary).toContainText(t(lang, 'maps.picker.summary.circle', { latitude: ltr(latitude), longitude: ltr(place.longitude), radius: '150' }));
    await shot(page, `${lang}-maps-02-picker`);
    await expectAccessible(page, `${lang} site form with its map`);

    // A polygon instead: four corners clicked around the pin, the last one undone.
    await dialog.locator('label', { hasText: t(lang, 'maps.picker.polygon') }).click();
    await expect(dialog.getByRole('radio', { name: t(lang, 'maps.picker.polygon') })).toBeChecked();
    await dialog.getByTestId('map-picker').scrollIntoViewIfNeeded();
    const map = (await dialog.getByTestId('map-picker').boundingBox())!;
    const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2];
    // Corners a little in from the map's edges, clear of its zoom buttons at a phone's size too.
    const [rx, ry] = [map.width * 0.3, map.height * 0.25];
    for (const [dx, dy] of [
      [-rx, -ry],
      [rx, -ry],
      [rx, ry],
      [-rx, ry],
    ] as const) {
      await page.mouse.click(cx + dx, cy + dy);
    }
    await expect(summary).toContainText(t(lang, 'maps.picker.summary.polygon', { latitude: ltr(latitude), longitude: ltr(place.longitude), count: '4' }));
    await dialog.getByRole('button', { name: t(lang, 'maps.picker.undo') }).click();
    await expect(summary).toContainText(t(lang, 'maps.picker.summary.polygon', { latitude: ltr(latitude), longitude: ltr(place.longitude), count: '3' }));
    // The first corner dragged down, below the second it was level with; no corner is added by it.
    const first = (await dialog.getByRole('button', { name: t(lang, 'maps.picker.corner', { number: '1' }) }).boundingBox())!;
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width / 2 + 10, first.y + first.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await expect(summary).toContainText(t(lang, 'maps.picker.summary.polygon', { latitude: ltr(latitude), longitude: ltr(place.longitude), count: '3' }));
    await shot(page, `${lang}-maps-03-polygon`);
    await expectAccessible(page, `${lang} site form drawing a polygon`);

    await dialog.getByRole('button', { name: t(lang, 'sites.form.create') }).click();
    await page.waitForURL(/\/sites\/\d+/);
    const siteId = Number(/sites\/(\d+)/.exec(page.url())![1]);
    const saved = (await (await request.get(`/api/v1/teams/${siteId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      polygon: [number, number][];
    };
    expect(saved.polygon).toHaveLength(3);
    expect(saved.polygon[0]![0]).toBeLessThan(saved.polygon[1]![0] - 0.00005);

    // The sites map: the new site has a marker of its own, which opens it. On a phone the
    // navigation opens from its button first, while the toast that the site was created still
    // shows: it sits below the header, not over it.
    await expect(page.getByRole('alert').filter({ hasText: t(lang, 'sites.form.created', { name: siteName }) })).toBeVisible();
    if (viewport.width < 768) {
      const toggle = page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') });
      // Reachable at once: a toast over it would take the tap until it went (trial: no click yet).
      await toggle.click({ trial: true, timeout: 1_500 });
      await toggle.click();
    }
    await page
      .getByRole('navigation')
      .getByRole('link', { name: t(lang, 'nav.sitesMap') })
      .click();
    await page.waitForURL(/\/sites\/map/);
    await expect(page.getByRole('heading', { name: t(lang, 'nav.sitesMap') })).toBeVisible();
    const marker = page.getByTestId('sites-map').getByRole('button', { name: new RegExp(siteName) });
    await expect(marker).toBeVisible();
    await shot(page, `${lang}-maps-04-sites-map`);
    await expectAccessible(page, `${lang} sites map`);
    await marker.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/sites/${siteId}$`));
    await expect(page.getByRole('heading', { name: siteName })).toBeVisible();
  });
}
