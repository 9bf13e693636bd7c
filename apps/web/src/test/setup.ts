// Test set-up for jsdom: jest-dom matchers, both languages' texts, and the browser APIs Mantine expects that jsdom
// lacks (matchMedia, ResizeObserver, scrollIntoView, document.fonts).
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { ensureLanguage, loadAppTexts } from '../lib/i18n/i18n.ts';
import { FEATURE_TEXT_PARTS } from '../lib/i18n/resources.ts';
import { closeDeviceDb } from '../lib/offline/device-db.ts';
import { resetOutboxState } from '../lib/offline/outbox.ts';

// Both languages' texts, every part, as the signed-in app has them once each has been chosen.
await loadAppTexts(...FEATURE_TEXT_PARTS);
await Promise.all([ensureLanguage('en'), ensureLanguage('ar')]);

// A find or waitFor gives the page five seconds, not one: the machines that run the tests are
// shared, and a busy one draws a page late without drawing it wrong.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  // A fresh device store (lib/offline) for every test: the outbox and the copies start empty.
  await closeDeviceDb();
  resetOutboxState();
  globalThis.indexedDB = new IDBFactory();
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

if (!('fonts' in document)) {
  // Textarea autosize listens for web fonts finishing loading.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
  });
}
