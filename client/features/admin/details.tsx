// The body of the admin modal, one view per kind of card (product.md#screens-admin ("Modal content by kind")).
import type { PendingScam } from '../../../shared/contract/admin';
import { formatBankAccount } from '../../../shared/domain/bank-accounts';
import type { AdminCard } from './cards';
import { FALLBACK_NAME } from './cards';
import { changedFields, hasNoChanges, type ChangedField } from './changed-fields';
import { currencyCode, DASH, formatAdminDate, formatAdminDay, formatScamAmount, orDash } from './format';
import { Fields, Section, Tags, type FieldRow } from './Fields';

export function CardDetails({ card }: { card: AdminCard }) {
  switch (card.type) {
    case 'developer':
    case 'project':
      return <ProfileDetails card={card} />;
    case 'scam':
      return <ScamDetails scam={card.scam} name={card.name} />;
    case 'edit':
      return <EditDetails card={card} />;
    case 'removal':
      return <RemovalDetails card={card} />;
  }
}

function ProfileDetails({ card }: { card: Extract<AdminCard, { type: 'developer' | 'project' }> }) {
  const p = card.profile;
  const bio = p.bio.trim();
  return (
    <>
      <Section title="Profile Information">
        <Fields rows={[
          { label: 'Full Name', value: orDash(p.name) },
          { label: 'Gender', value: orDash(p.gender) },
          { label: 'Nationality', value: orDash(p.nationality) },
          { label: 'Location', value: orDash(p.location) },
          { label: 'Geolocation', value: orDash(p.coordinatesGeolocation) },
          { label: 'Accent', value: orDash(p.accent) },
          { label: 'Languages', value: <Tags items={p.languages} /> },
        ]} />
      </Section>
      {bio ? (
        <Section title="Biography / Description">
          {/* reporter text, shown as text */}
          <p className="admin-text">{bio}</p>
        </Section>
      ) : null}
    </>
  );
}

/** "Nerys Ivers (Scammer #31)"; the reference says which profile the incident belongs to. */
function profileReference(name: string, developer: number | null, project: number | null): string {
  const shown = name === FALLBACK_NAME ? '' : name;
  const ref = developer != null ? `Scammer #${developer}` : project != null ? `Project #${project}` : '';
  if (shown && ref) return `${shown} (${ref})`;
  return shown || ref || DASH;
}

const joined = (items: readonly string[]) => items.map((i) => i.trim()).filter(Boolean).join(', ');

/** product.md#screens: the four groups of a new scam; only non-empty lists show, joined by commas. */
function scamGroups(scam: PendingScam): { title: string; rows: FieldRow[] }[] {
  const groups: { title: string; fields: [string, string][] }[] = [
    { title: 'Personal', fields: [['Nicknames', joined(scam.nicknames)], ['Industries', joined(scam.industries)], ['Scam Types', joined(scam.types)]] },
    {
      title: 'Contact',
      fields: [
        ['Websites', joined(scam.websites)], ['Email Addresses', joined(scam.emails)],
        ['Phone Numbers', joined(scam.phones)], ['Telegram Handles', joined(scam.telegrams)],
      ],
    },
    {
      title: 'Financial',
      fields: [
        ['Wallet Addresses', joined(scam.wallet_addresses)], ['Banks', joined(scam.bank_names)],
        ['Bank Accounts', joined(scam.bank_accounts.map(formatBankAccount))],
      ],
    },
    {
      title: 'Business',
      fields: [['Companies Used', joined(scam.companies)], ['Company Addresses', joined(scam.company_addresses)], ['IP Addresses', joined(scam.ip_addresses)]],
    },
  ];
  return groups
    .map((g) => ({ title: g.title, rows: g.fields.filter(([, value]) => value).map(([label, value]) => ({ label, value })) }))
    .filter((g) => g.rows.length > 0);
}

function ScamDetails({ scam, name }: { scam: PendingScam; name: string }) {
  return (
    <>
      <Section title="Scam Information">
        <Fields rows={[
          { label: 'Target', value: profileReference(name, scam.developer, scam.project) },
          // issue 19: a moment shows its time, a day does not (product.md#screens-admin)
          { label: 'Occurred', value: formatAdminDay(scam.occurred) ?? DASH },
          { label: 'Reported', value: formatAdminDate(scam.reported) ?? DASH },
          { label: 'Amount', value: formatScamAmount(scam.amount, scam.currency) },
          { label: 'Currency', value: currencyCode(scam.currency) },
          { label: 'Contact', value: orDash(scam.submitter_contact) },
          { label: 'Description', value: <span className="admin-text">{orDash(scam.description)}</span>, full: true },
        ]} />
      </Section>
      {/* docs/design.md#avatars: approving an incident can make this the profile's public picture */}
      <Section title="Avatar">
        {scam.avatar ? (
          <figure className="admin-avatar">
            <img src={scam.avatar} alt="The avatar sent with this report" width={128} height={128} />
            <figcaption>Shown on the profile if this report is approved and the profile has no picture of its own.</figcaption>
          </figure>
        ) : <p className="admin-text">No avatar was sent.</p>}
      </Section>
      {scamGroups(scam).map((group) => (
        <Section key={group.title} title={group.title}>
          <Fields rows={group.rows} wide />
        </Section>
      ))}
    </>
  );
}

const rowsOf = (fields: ChangedField[]): FieldRow[] => fields.map((f) => ({ label: f.label, value: f.value }));

/**
 * issue 18: each proposed field beside its value now, so a moderator sees what would change:
 * stacked on a phone, side by side from 48rem; a list's dropped items struck, its new ones marked.
 * Without the server's current values, the proposed values alone, as before.
 */
function Changes({ fields }: { fields: ChangedField[] }) {
  if (!fields.some((f) => f.current !== undefined)) return <Fields rows={rowsOf(fields)} wide />;
  return (
    <dl className="admin-compare">
      {fields.map((f) => {
        const same = f.current === f.value;
        return (
          <div className={`admin-compare__row${same ? ' admin-compare__row--same' : ''}`} key={f.name}>
            <dt>{f.label}{same ? <span className="admin-compare__same"> · no change</span> : null}</dt>
            <dd className="admin-compare__now">
              <span className="admin-compare__tag">Now</span>
              <CompareValue text={f.current} items={f.diff ? { shown: f.diff.now, marked: f.diff.removed } : null} mark="del" />
            </dd>
            <dd className="admin-compare__proposed">
              <span className="admin-compare__tag">Proposed</span>
              <CompareValue text={f.value} items={f.diff ? { shown: f.diff.proposed, marked: f.diff.added } : null} mark="ins" />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function CompareValue({ text, items, mark }: { text: string | undefined; items: { shown: string[]; marked: string[] } | null; mark: 'del' | 'ins' }) {
  if (!text) return <span className="admin-compare__empty">{mark === 'ins' ? 'Empty (cleared)' : 'Empty'}</span>;
  if (!items) return <span className="admin-compare__text">{text}</span>;
  const Mark = mark;
  return (
    <ul className="admin-tags">
      {items.shown.map((item) => (
        <li key={item} className={`admin-tag${items.marked.includes(item) ? ` admin-tag--${mark}` : ''}`}>
          {items.marked.includes(item) ? <Mark title={mark === 'ins' ? 'added' : 'dropped'}>{item}</Mark> : item}
        </li>
      ))}
    </ul>
  );
}

function EditDetails({ card }: { card: Extract<AdminCard, { type: 'edit' }> }) {
  const { edit } = card;
  const changes = changedFields(edit.proposed_changes, edit.current_values);
  const targetId = edit.developer ?? edit.project;
  return (
    <>
      <Section title="Target Scammer">
        <Fields rows={[
          { label: 'Name', value: card.name === FALLBACK_NAME ? DASH : card.name },
          { label: 'ID', value: targetId == null ? DASH : String(targetId) },
        ]} />
      </Section>
      <Section title="Scammer Changes">
        {changes.profile.length ? <Changes fields={changes.profile} /> : null}
        {changes.incidentUpdates.map((update, i) => (
          <Section key={`update-${update.id ?? i}`} level={4} title={update.id == null ? 'Incident Update' : `Incident Update #${update.id}`}>
            <Changes fields={update.fields} />
          </Section>
        ))}
        {changes.newIncidents.map((draft, i) => (
          <Section key={`draft-${i}`} level={4} title="New Incident Draft">
            <Fields rows={rowsOf(draft.fields)} wide />
          </Section>
        ))}
        {hasNoChanges(changes) ? <p className="admin-muted">No changes were proposed.</p> : null}
      </Section>
    </>
  );
}

function removalTarget(card: Extract<AdminCard, { type: 'removal' }>) {
  const r = card.removal;
  const target = r.target_type.trim().toLowerCase();
  const profile = profileReference(card.name, r.developer, r.project);
  if (target !== 'scam') return profile;
  const incident = r.scam != null ? `Incident #${r.scam}` : 'An incident';
  const description = (r.scam_description ?? '').trim();
  return (
    <>
      <span className="admin-target">{profile === DASH ? incident : `${incident} of ${profile}`}</span>
      {description ? <span className="admin-target__note admin-text">{description}</span> : null}
    </>
  );
}

function RemovalDetails({ card }: { card: Extract<AdminCard, { type: 'removal' }> }) {
  const r = card.removal;
  return (
    <>
      <Section title="Case Information">
        <Fields rows={[
          { label: 'Case ID', value: <code className="admin-code">{orDash(r.case_id)}</code> },
          { label: 'Target', value: removalTarget(card), full: card.removal.target_type.trim().toLowerCase() === 'scam' },
        ]} />
      </Section>
      <Section title="Request Details">
        <Fields rows={[
          { label: 'Requester Full Name', value: orDash(r.full_name) },
          { label: 'Contact Information', value: orDash(r.contact_information) },
          { label: 'Explanation for Removal', value: <span className="admin-text">{orDash(r.explanation)}</span>, full: true },
        ]} />
      </Section>
    </>
  );
}
