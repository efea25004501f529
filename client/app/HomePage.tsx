// The registry at / (product.md#screens) with the dialogs it leads to: View Profile opens the profile modal,
// and its 'Report an Incident' opens the Add Scam modal for that profile on top of it, so closing
// Add Scam returns to the profile. The search, the tab and the open profile are the address's
// (client/app/registry-url.ts): a lookup is a link, Back closes a profile. A search for an
// identifier that finds nothing offers "Report it", which opens the report wizard with it filled in.
import { lazy, Suspense, useMemo, useState } from 'react';
import type { ProfileKind } from '../../shared/contract/common';
import { RegistryPage } from '../features/registry';
import { ReportButton } from '../features/report/ReportButton';
import type { ReportPrefill } from '../features/report/prefill';
// the lookup's context only: the feature's index would bring both report forms into the first download
import { ReportLookupProvider, type ReportLookup } from '../features/report/checks/lookup';
import { findListedName, lookupIdentifier, type LocalProfile, type RegistryDb } from '../local';
import { getRegistryQuery } from '../state/registry-query';
import { useRegistryUrl } from './registry-url';
import type { GivenMatch } from '../features/profile';

const LinkedProfileModal = lazy(() => import('../features/profile').then((m) => ({ default: m.LinkedProfileModal })));
const AddScamModal = lazy(() => import('../features/report/AddScamModal').then((m) => ({ default: m.AddScamModal })));

export function HomePage({ db }: { db: RegistryDb }) {
  const url = useRegistryUrl();
  // the profile as its card held it, shown at once while the replica is read
  const [fromCard, setFromCard] = useState<LocalProfile | null>(null);
  // and the match its card showed, with the search it answered (the modal need not compute it again)
  const [cardMatch, setCardMatch] = useState<GivenMatch | null>(null);
  // the profile last shown, kept while its dialog closes (focus goes back to its card)
  const [shown, setShown] = useState<{ profileId: number | null; profileParam: string | null } | null>(null);
  const linked = url.profileId !== null || url.profileParam !== null;
  if (linked && (shown?.profileId !== url.profileId || shown?.profileParam !== url.profileParam)) {
    setShown({ profileId: url.profileId, profileParam: url.profileParam });
  }
  const [addingTo, setAddingTo] = useState<LocalProfile | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  // "Report it" on a search that found nothing: the report button of the kind shown opens its
  // wizard with the identifier filled in (a new request each time)
  const [reporting, setReporting] = useState<(ReportPrefill & { kind: ProfileKind }) | null>(null);
  // the report forms ask the replica whether an identifier or a name is already listed (offline too);
  // memoised, since a new lookup makes them check every value again
  const { openProfile } = url;
  const reportLookup = useMemo<ReportLookup>(() => ({
    lookup: (text) => lookupIdentifier(text, db),
    findName: (name) => findListedName(name, db),
    openProfile: (profile) => openProfile(profile.id),
  }), [db, openProfile]);

  return (
    <ReportLookupProvider value={reportLookup}>
      <RegistryPage
        db={db}
        reportAction={(kind) => <ReportButton kind={kind} db={db} prefill={reporting?.kind === kind ? reporting : undefined} />}
        onReportIdentifier={(identifierKind, value) => {
          setReporting((before) => ({ id: (before?.id ?? 0) + 1, kind: getRegistryQuery().kind, identifierKind, value }));
        }}
        onViewProfile={(profile, score, matched) => {
          const { query, filters } = getRegistryQuery();
          setFromCard(profile);
          setCardMatch({ profileId: profile.id, query, filters, score, matched: matched ? { kind: matched.kind, field: matched.field, value: matched.value } : null });
          url.openProfile(profile.id);
        }}
      />
      {shown ? (
        <Suspense fallback={null}>
          <LinkedProfileModal
            db={db}
            profileId={shown.profileId}
            profileParam={shown.profileParam}
            known={fromCard}
            match={cardMatch}
            open={linked}
            onOpenChange={(open) => { if (!open) url.closeProfile(); }}
            onAddIncident={(profile) => {
              setAddingTo(profile);
              setAddOpen(true);
            }}
          />
        </Suspense>
      ) : null}
      {addingTo ? (
        <Suspense fallback={null}>
          <AddScamModal
            // one form per profile: its stored draft is per kind and profile (product.md#states)
            key={`${addingTo.kind}:${addingTo.id}`}
            kind={addingTo.kind}
            profile={{ id: addingTo.id, name: addingTo.name }}
            open={addOpen}
            onOpenChange={setAddOpen}
            mode="submit"
            db={db}
          />
        </Suspense>
      ) : null}
    </ReportLookupProvider>
  );
}
