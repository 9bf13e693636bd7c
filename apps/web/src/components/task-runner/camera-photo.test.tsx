// A camera-only photo action: no file or gallery is offered, the page's camera is asked for with
// the back camera, the member is told when it is refused or missing, and the camera stops once
// the camera view closes or leaves the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { PhotoInput } from './photo-input.tsx';

const stopped = vi.fn();
const stream = { getTracks: () => [{ stop: stopped }] } as unknown as MediaStream;

function stubCamera(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  const spy = vi.fn(getUserMedia);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: spy }, configurable: true });
  return spy;
}

beforeEach(() => {
  stopped.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  vi.restoreAllMocks();
});

const renderInput = () => renderWithProviders(<PhotoInput labelId="photo-label" file={null} onChange={() => undefined} cameraOnly />);

describe('a camera-only photo', () => {
  it('offers the camera, not a file, and asks for the back camera', async () => {
    const ask = stubCamera(() => Promise.resolve(stream));
    const user = userEvent.setup();
    const { container, unmount } = renderInput();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    expect(await screen.findByLabelText('Camera preview')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take photo' })).toHaveFocus());
    expect(ask).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(container.querySelector('input[type="file"]')).toBeNull();
    unmount();
    expect(stopped).toHaveBeenCalled();
  });

  it('stops the camera when the member closes it', async () => {
    stubCamera(() => Promise.resolve(stream));
    const user = userEvent.setup();
    renderInput();
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(stopped).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Open camera' })).toHaveFocus();
  });

  it('says what to do when the camera is refused', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const user = userEvent.setup();
    renderInput();
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    expect(await screen.findByText('Camera access refused')).toBeInTheDocument();
    expect(screen.getByText(/Allow camera access for this site/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when there is no camera at all', async () => {
    const user = userEvent.setup();
    renderInput();
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    expect(await screen.findByText('No camera available')).toBeInTheDocument();
  });
});
