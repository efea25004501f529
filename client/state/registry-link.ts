// A lookup is a link: the registry's search, its tab and the open profile as the query string
// of `/`, so the routes of docs/product.md#screens stay as they are.
//   /?q=<search>                 the registry with that search (Scammers tab)
//   /?q=<search>&kind=project    the same on the Projects tab
//   /?profile=BUSTR-2025-0222    that profile open over the registry (its case id)
//   /?title=…&text=…&url=…       what another app shared to the installed app (the manifest's
//                                share_target, vite.config.ts): read as a lookup, sharedLookup()
// client/app/registry-url.ts keeps the address bar and the registry query in step.
import type { ProfileKind } from '../../shared/contract/common';
import { caseId, readCaseId } from '../../shared/domain/case-id';

/** The query parameters of `/` that this module reads and writes. */
export const LINK_PARAMS = { query: 'q', kind: 'kind', profile: 'profile' } as const;

/** The Web Share Target's parameters, as the manifest's share_target names them (vite.config.ts). */
export const SHARE_TARGET_PARAMS = { title: 'title', text: 'text', url: 'url' } as const;

/** What a link of `/` says: the search, the tab, and the profile it opens (null: none). */
export interface RegistryLink {
  query: string;
  kind: ProfileKind;
  profileId: number | null;
}

export interface ReadLink extends RegistryLink {
  /** the `profile` parameter as the link writes it (null: none), for what is said when it names no profile */
  profileParam: string | null;
  /**
   * True when the address is not in the form this module writes and should be replaced by it
   * (a share into the app, a case id typed in another form), so a reload or Back shows the lookup.
   */
  rewrite: boolean;
  /**
   * What another app shared into this one, when the address is a share (else null): its lookup
   * is made by sharedLookup() (shared-lookup.ts, loaded on demand: it reads identifiers with
   * shared/identifiers, too large for the first download), and the address then rewritten to it.
   */
  shared: SharedContent | null;
}

/** What another app shares into the installed one (the manifest's share_target). */
export interface SharedContent {
  title?: string;
  text?: string;
  url?: string;
}

/** The profile id of a case id as the profile link writes it, in any form people type it (`bustr-2025-222`). */
export function profileIdOfCaseId(text: string): number | null {
  const read = readCaseId(text);
  const digits = read?.match(/-(\d+)$/)?.[1];
  if (read === null || digits === undefined) return null;
  const id = Number(digits);
  // only the case ids the registry gives out (docs/product.md#constants): one year, padded ids
  return Number.isSafeInteger(id) && id > 0 && caseId(id) === read ? id : null;
}

/** Reads `location.search` (with or without its '?'). */
export function readRegistryLink(search: string): ReadLink {
  const params = new URLSearchParams(search);
  const kind: ProfileKind = params.get(LINK_PARAMS.kind) === 'project' ? 'project' : 'developer';
  const profileParam = params.get(LINK_PARAMS.profile);
  const profileId = profileParam === null ? null : profileIdOfCaseId(profileParam);
  const profileRewrite = profileId !== null && profileParam !== caseId(profileId);

  const q = params.get(LINK_PARAMS.query);
  if (q === null) {
    const shared = {
      title: params.get(SHARE_TARGET_PARAMS.title) ?? '',
      text: params.get(SHARE_TARGET_PARAMS.text) ?? '',
      url: params.get(SHARE_TARGET_PARAMS.url) ?? '',
    };
    if (shared.title || shared.text || shared.url) {
      return { query: '', kind, profileId, profileParam, rewrite: true, shared };
    }
  }
  return { query: q ?? '', kind, profileId, profileParam, rewrite: profileRewrite, shared: null };
}

/** The query string of a link ('' for the plain registry), in the form readRegistryLink reads back. */
export function registryLinkSearch({ query, kind, profileId }: RegistryLink): string {
  const params = new URLSearchParams();
  if (query !== '') params.set(LINK_PARAMS.query, query);
  if (kind === 'project') params.set(LINK_PARAMS.kind, 'project');
  if (profileId !== null) params.set(LINK_PARAMS.profile, caseId(profileId));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Do two links show the same thing? */
export function sameLink(a: RegistryLink, b: RegistryLink): boolean {
  return a.query === b.query && a.kind === b.kind && a.profileId === b.profileId;
}

/** A profile's own link, to copy or share: `https://host/?profile=BUSTR-2025-0042`. */
export function profileLink(profileId: number, origin: string): string {
  return `${origin}/${registryLinkSearch({ query: '', kind: 'developer', profileId })}`;
}
