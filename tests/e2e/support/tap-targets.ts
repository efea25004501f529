// Every interactive element's box on the page as Chromium lays it out (issue 17: every tap target
// at least 44 px on a phone). A target is what a finger presses: a link, a button, a form control,
// or anything focusable or given a button-like role; a checkbox or radio inside its label counts
// as the label (pressing the text toggles it). Hidden, zero-sized and visually hidden elements
// (the skip link until focused, the 1 px screen-reader texts) are not targets.
import type { Page } from 'playwright-core';

export const MIN_TAP_PX = 44;

export interface TapTarget {
  /** tag, class and accessible-ish name, to find it in the code */
  what: string;
  width: number;
  height: number;
}

/** The interactive elements visible on the page now, with their boxes in CSS pixels. */
export function tapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
      '[role="button"]', '[role="link"]', '[role="tab"]', '[role="checkbox"]', '[role="switch"]',
      '[role="option"]', '[role="menuitem"]', '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const seen = new Set<Element>();
    const out: { what: string; width: number; height: number }[] = [];
    for (const found of Array.from(document.querySelectorAll(selector))) {
      let el: Element = found;
      // a checkbox or radio inside its label: the label is what is pressed
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label');
        if (label) el = label;
      }
      if (seen.has(el)) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden, or not laid out
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('placeholder') ?? '')
        .replace(/\s+/g, ' ').trim().slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      out.push({ what: `${el.tagName.toLowerCase()}${cls} "${name}"`, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
    }
    return out;
  });
}

/** The targets smaller than MIN_TAP_PX in width or height. */
export async function smallTapTargets(page: Page, min = MIN_TAP_PX): Promise<TapTarget[]> {
  return (await tapTargets(page)).filter((t) => t.width < min || t.height < min);
}
