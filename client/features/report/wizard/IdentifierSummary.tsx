// The identifiers the report will send, grouped by field (issue 16, step 6): every wallet,
// phone number, email address, website, Telegram handle, bank account and IP address of its
// scams, each once, with the same warnings and "already listed" notes as where it was entered.
import { useId, useMemo } from 'react';
import { useIdentifierChecks } from '../checks/checks';
import { IDENTIFIER_FIELD_LABELS, IDENTIFIER_LIST_FIELDS, valuesOf, type IdentifierListField } from '../checks/identifier-fields';
import { IdentifierNote } from '../checks/IdentifierNote';
import type { ScamDraft } from '../scam-draft';

export function IdentifierSummary({ incidents }: { incidents: readonly ScamDraft[] }) {
  const titleId = useId();
  const lists = useMemo(
    () => Object.fromEntries(IDENTIFIER_LIST_FIELDS.map((field) => [field, valuesOf(incidents, field)])) as Record<IdentifierListField, string[]>,
    [incidents],
  );
  const checkOf = useIdentifierChecks(lists);
  const fields = IDENTIFIER_LIST_FIELDS.filter((field) => lists[field].length > 0);
  return (
    <section aria-labelledby={titleId} className="wizard__ids">
      <h5 id={titleId} className="wizard__ids-title">Identifiers to be sent</h5>
      {fields.length === 0 ? (
        <p className="muted wizard__ids-none">
          None yet. Wallet addresses, phone numbers, email addresses, websites, Telegram handles, bank accounts and IP addresses are entered with each scam.
        </p>
      ) : (
        <dl className="wizard__id-groups">
          {fields.map((field) => (
            <div key={field} className="wizard__id-group">
              <dt>{IDENTIFIER_FIELD_LABELS[field]} ({lists[field].length})</dt>
              <dd>
                <ul className="wizard__id-list" aria-label={IDENTIFIER_FIELD_LABELS[field]}>
                  {lists[field].map((value) => (
                    <li key={value} className="wizard__id">
                      <span className="wizard__id-value">{value}</span>
                      <IdentifierNote check={checkOf(field, value)} compact />
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
