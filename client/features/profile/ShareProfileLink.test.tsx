import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, SHARE_MESSAGE_MS, ShareProfileLink } from './ShareProfileLink';

// jsdom has neither a clipboard nor the Web Share API: each test gives the browser what it needs
const restores: (() => void)[] = [];
function give<K extends 'clipboard' | 'share'>(name: K, value: Navigator[K] | undefined) {
  const before = Object.getOwnPropertyDescriptor(navigator, name);
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  restores.push(() => {
    if (before) Object.defineProperty(navigator, name, before);
    else delete (navigator as unknown as Record<string, unknown>)[name];
  });
}
function clipboardKeeping(): { written: string[] } {
  const written: string[] = [];
  give('clipboard', { writeText: async (text: string) => { written.push(text); } } as unknown as Clipboard);
  return { written };
}

afterEach(() => {
  while (restores.length) restores.pop()!();
  vi.useRealTimers();
});

const LINK = `${window.location.origin}/?profile=BUSTR-2025-0042`;

async function press(name: string) {
  // the handlers are async: let them finish inside act
  await act(async () => { fireEvent.click(screen.getByRole('button', { name })); });
}

describe("a profile's Copy link and Share", () => {
  it('when Copy link is pressed, then the profile link is copied and "Link copied." is announced', async () => {
    const clipboard = clipboardKeeping();
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);
    expect(screen.getByRole('status')).toHaveTextContent('');

    await press('Copy link');

    expect(clipboard.written).toEqual([LINK]);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied.');
  });

  it('when a while has passed after copying, then the confirmation clears', async () => {
    clipboardKeeping();
    vi.useFakeTimers();
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);
    await press('Copy link');
    expect(screen.getByRole('status')).toHaveTextContent(SHARE_MESSAGES.copied);

    act(() => { vi.advanceTimersByTime(SHARE_MESSAGE_MS); });

    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('when the browser can share, then Share hands it the profile link and its name', async () => {
    const share = vi.fn(async (_data?: ShareData) => {});
    give('share', share);
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);

    await press('Share');

    expect(share).toHaveBeenCalledWith({ title: 'Ada Example (BUSTR-2025-0042) · Bustr registry', url: LINK });
    expect(screen.getByRole('status')).toHaveTextContent('Link shared.');
  });

  it('when the share sheet is closed without sharing, then nothing is said and nothing is copied', async () => {
    const clipboard = clipboardKeeping();
    give('share', async () => { throw new DOMException('Share canceled', 'AbortError'); });
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);

    await press('Share');

    expect(clipboard.written).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('when the browser cannot share, then Share copies the link instead', async () => {
    const clipboard = clipboardKeeping();
    give('share', undefined);
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);

    await press('Share');

    expect(clipboard.written).toEqual([LINK]);
    expect(screen.getByRole('status')).toHaveTextContent(SHARE_MESSAGES.copied);
  });

  it('when the clipboard is refused, then it says so and shows the link, selected, to copy by hand', async () => {
    give('clipboard', { writeText: async () => { throw new DOMException('Denied', 'NotAllowedError'); } } as unknown as Clipboard);
    render(<ShareProfileLink profileId={42} profileName="Ada Example" />);

    await press('Copy link');

    expect(screen.getByRole('status')).toHaveTextContent(SHARE_MESSAGES.failed);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Profile link' });
    expect(field).toHaveValue(LINK);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(LINK.length);
  });
});
