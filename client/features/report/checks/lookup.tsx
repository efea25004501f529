// What the report forms ask of the registry while a person reports (issue 16, step 6): is this
// identifier, or this name, already listed? The answers come from the replica, so they work
// offline; the app hands the functions in (ReportLookupProvider), since the search engine that
// answers them belongs to another feature (docs/design.md: features do not import each other).
import { createContext, useContext, type ReactNode } from 'react';
import type { ProfileKind } from '../../../../shared/contract/common';
import { caseId } from '../../../../shared/domain/case-id';

/** A listed (verified) profile, of either kind. */
export interface ListedProfile {
  id: number;
  profileKind: ProfileKind;
  name: string;
}

/** A listed profile that holds the identifier: in which of its fields, and the value as it shows it. */
export interface ListedMatch extends ListedProfile {
  field: string;
  value: string;
}

/** A listed value that the text is not, but passes for (a confusable or a near spelling). */
export interface ListedLookalike extends ListedMatch {
  reason: string;
}

/** The registry's answer for a text: the listed profiles holding it, and lookalikes (never matches). */
export interface LookupAnswer {
  matches: readonly ListedMatch[];
  lookalikes?: readonly ListedLookalike[];
}

/** Reads the text as identifiers (every reading) and finds the listed profiles of both kinds holding one. */
export type IdentifierLookup = (text: string) => Promise<LookupAnswer>;

/** The listed profiles of both kinds with this name (compared without case or extra spaces). */
export type NameLookup = (name: string) => Promise<readonly ListedProfile[]>;

export interface ReportLookup {
  lookup?: IdentifierLookup;
  findName?: NameLookup;
  /** opens a listed profile in the app; without it the forms link to the profile's own address */
  openProfile?(profile: ListedProfile): void;
}

const ReportLookupContext = createContext<ReportLookup>({});

/** Given by the app around the report forms; without it they check validity only. */
export function ReportLookupProvider({ value, children }: { value: ReportLookup; children: ReactNode }) {
  return <ReportLookupContext.Provider value={value}>{children}</ReportLookupContext.Provider>;
}

export function useReportLookup(): ReportLookup {
  return useContext(ReportLookupContext);
}

/** A listed profile's own link on the registry page (`/?profile=BUSTR-2025-0222`, issue 16 step 5). */
export function profileHref(profile: ListedProfile): string {
  return `/?profile=${encodeURIComponent(caseId(profile.id))}`;
}

/** "Jane Roe" → "a person", "Moon Vault" → "a project": the kind, in the forms' words. */
export function kindWords(kind: ProfileKind): string {
  return kind === 'developer' ? 'a person' : 'a project';
}
