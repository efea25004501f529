// Issue 17: full details are kept offline unless the browser asks to save data, and the person's
// own choice wins over both; the replica follows the form that choice names.
import { afterEach, describe, expect, it } from 'vitest';
import { keepDetailsOffline, onKeepDetailsOfflineChange, replicaForm, setKeepDetailsOffline } from './settings';

function connectionWith(saveData: boolean): void {
  Object.defineProperty(navigator, 'connection', { value: { saveData }, configurable: true });
}

afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('keep full details offline', () => {
  it('when nothing was chosen, then details are kept, and the replica follows the full form', () => {
    expect(keepDetailsOffline()).toBe(true);
    expect(replicaForm()).toBe('full');
  });

  it('when the browser asks to save data, then only the light form is kept', () => {
    connectionWith(true);
    expect(keepDetailsOffline()).toBe(false);
    expect(replicaForm()).toBe('light');
  });

  it('when the person chose, then the choice wins over Save-Data either way, and listeners hear it', () => {
    const heard: boolean[] = [];
    const stop = onKeepDetailsOfflineChange(() => heard.push(keepDetailsOffline()));
    connectionWith(true);
    setKeepDetailsOffline(true);
    expect(replicaForm()).toBe('full');
    connectionWith(false);
    setKeepDetailsOffline(false);
    expect(replicaForm()).toBe('light');
    stop();
    setKeepDetailsOffline(true);
    expect(heard).toEqual([true, false]);
  });
});
