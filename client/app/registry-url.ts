// The address bar and the registry in step (what a link of `/` holds is in
// client/state/registry-link.ts):
// - the link's search and tab go into the registry query before the page first shows, and
//   again whenever the address changes (Back, Forward, a link followed);
// - a search typed or a tab chosen replaces the current history entry (history.replaceState
//   through the router), so typing never adds one entry per key;
// - opening a profile pushes an entry, so Back closes it and stays in the app, and Forward
//   opens it again; closing it goes back to that entry's registry (or, on a link opened
//   directly, replaces the profile's entry with the registry's).
// The router's navigate() writes history, so react-router's location always agrees with it.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readRegistryLink, registryLinkSearch, sameLink, type RegistryLink } from '../state/registry-link';
import { getRegistryQuery, showLink, useRegistryQuery } from '../state/registry-query';

/** Marks, in its history state, an entry the app pushed to open a profile: closing it goes Back. */
const OPENED_HERE = 'profileOpenedHere';

function openedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[OPENED_HERE] === true;
}

export interface RegistryUrl {
  /** the profile the address opens (null: none, or a case id the registry does not give out) */
  profileId: number | null;
  /** the address's `profile` parameter as written (null: none) */
  profileParam: string | null;
  /** opens a profile over the registry: a new history entry */
  openProfile(profileId: number): void;
  /** closes the open profile: Back to the registry's entry, or the registry in place of a link's */
  closeProfile(): void;
}

export function useRegistryUrl(): RegistryUrl {
  const location = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => readRegistryLink(location.search), [location.search]);
  // the address's search and tab are in the registry query before the page first renders, so it
  // never searches for '' first (once per mount; a second call, as StrictMode makes, changes nothing)
  useState(() => showLink(link.query, link.kind));

  // what the callbacks and the store's listener read: the latest, whatever render they came from
  const latest = useRef({ location, link, navigate });
  useLayoutEffect(() => {
    latest.current = { location, link, navigate };
  });
  // the history entry whose profile is being closed: one Back per entry, however many times the
  // dialog reports that it closed (Forward returns to the same entry, so it is forgotten on leaving)
  const closing = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (closing.current !== location.key) closing.current = null;
  }, [location.key]);

  const go = useCallback((next: RegistryLink, how: { replace: boolean; state: unknown }) => {
    const { location: at, navigate: to } = latest.current;
    void to({ pathname: at.pathname, search: registryLinkSearch(next) }, how);
  }, []);

  // the address → the registry query, whenever it changes (Back, Forward, a link followed)
  useLayoutEffect(() => showLink(link.query, link.kind), [link]);

  // a share into the app, or a case id in another form: the address becomes the lookup's own.
  // Not in a layout effect: on the first render the router listens to history only from its own
  // layout effect, which runs after this page's, and would miss the change.
  useEffect(() => {
    if (link.rewrite) go(link, { replace: true, state: latest.current.location.state });
  }, [link, go]);

  // the registry query → the address, in place
  useEffect(() => useRegistryQuery.subscribe((state, before) => {
    if (state.query === before.query && state.kind === before.kind) return;
    const { link: shown, location: at } = latest.current;
    const next = { query: state.query, kind: state.kind, profileId: shown.profileId };
    if (!sameLink(next, shown)) go(next, { replace: true, state: at.state });
  }), [go]);

  const openProfile = useCallback((profileId: number) => {
    const { query, kind } = getRegistryQuery();
    go({ query, kind, profileId }, { replace: false, state: { [OPENED_HERE]: true } });
  }, [go]);

  const closeProfile = useCallback(() => {
    const { location: at, link: shown, navigate: to } = latest.current;
    if (shown.profileId === null && shown.profileParam === null) return;
    if (closing.current === at.key) return;
    closing.current = at.key;
    if (openedHere(at.state)) void to(-1);
    else go({ ...shown, profileId: null }, { replace: true, state: null });
  }, [go]);

  return { profileId: link.profileId, profileParam: link.profileParam, openProfile, closeProfile };
}
