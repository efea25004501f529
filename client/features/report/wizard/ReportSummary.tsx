// The report as it will be sent: every profile field, the number of incidents, the reported
// loss per currency, and the identifiers of its scams grouped by field (IdentifierSummary.tsx).
import { useMemo } from 'react';
import type { ProfileKind } from '../../../../shared/contract/common';
import { formatAmount, parseAmount } from '../../../../shared/domain/amount';
import { normalizeCurrency } from '../../../../shared/domain/currency';
import type { ScamDraft } from '../scam-draft';
import type { WizardProfile } from '../wizard-state';
import { IdentifierSummary } from './IdentifierSummary';

/** "1,500 USD, 0.5 BTC": the drafts' valid amounts, summed per currency. */
function totalsByCurrency(drafts: readonly ScamDraft[]): string {
  const totals = new Map<string, number>();
  for (const d of drafts) {
    const amount = parseAmount(d.lostAmount);
    if (amount === null) continue;
    const currency = normalizeCurrency(d.currency);
    totals.set(currency, (totals.get(currency) ?? 0) + amount);
  }
  return [...totals].map(([currency, sum]) => `${formatAmount(sum)} ${currency}`).join(', ');
}

export function ReportSummary({ kind, profile, incidents }: { kind: ProfileKind; profile: WizardProfile; incidents: readonly ScamDraft[] }) {
  const total = useMemo(() => totalsByCurrency(incidents), [incidents]);
  return (
    <section aria-label="Summary of the report" className="wizard__summary">
      <h4 className="wizard__subheading">Summary</h4>
      <dl className="wizard__facts">
        <Fact term="Full name" value={profile.name} />
        <Fact term="Gender" value={profile.gender} />
        <Fact term="Nationality" value={profile.nationality} />
        <Fact term="Location" value={profile.location} />
        <Fact term="Geolocation" value={profile.geolocation} />
        <Fact term="Languages" value={profile.languages.join(', ')} />
        <Fact term="Accent" value={profile.accent} />
        <Fact term={kind === 'developer' ? 'Bio' : 'About the project'} value={profile.bio} long />
        <Fact term="Scams" value={String(incidents.length)} />
        {total ? <Fact term="Reported loss" value={total} /> : null}
      </dl>
      <IdentifierSummary incidents={incidents} />
    </section>
  );
}

function Fact({ term, value, long = false }: { term: string; value: string; long?: boolean }) {
  return (
    <div className={long ? 'wizard__fact wizard__fact--long' : 'wizard__fact'}>
      <dt>{term}</dt>
      <dd>{value.trim() ? value : '—'}</dd>
    </div>
  );
}
