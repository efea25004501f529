// The app's IndexedDB as a browser test reads it from the page, without the app's own code.
import type { Page } from 'playwright-core';

/** A row of the app's IndexedDB meta table ('bustr'), or null; a page without the database is not given one. */
export function metaRow<T>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((key) => new Promise<T | null>((resolve) => {
    void indexedDB.databases().then((list) => {
      if (!list.some((d) => d.name === 'bustr')) return resolve(null);
      const open = indexedDB.open('bustr');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const idb = open.result;
        if (!idb.objectStoreNames.contains('meta')) {
          idb.close();
          return resolve(null);
        }
        const get = idb.transaction('meta').objectStore('meta').get(key);
        get.onsuccess = () => {
          idb.close();
          resolve((get.result as { value?: T } | undefined)?.value ?? null);
        };
        get.onerror = () => {
          idb.close();
          resolve(null);
        };
      };
      return undefined;
    });
  }), key);
}
