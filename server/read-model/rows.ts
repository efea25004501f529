// The stored rows and how they become the API's shapes (product.md#entities). Lists are JSON in SQLite.
import type { BankAccount } from '../../shared/contract/common';
import type { Incident } from '../../shared/contract/incident';
import type { Profile, StaffProfile } from '../../shared/contract/profile';
import type { PendingScam } from '../../shared/contract/admin';
import type { ProfileKind } from '../../shared/contract/common';

export interface ProfileRow {
  id: number; kind: ProfileKind; name: string; nickname: string; avatar: string | null; location: string; bio: string;
  gender: string; nationality: string; languages: string; accent: string; geolocation: string; company: string;
  company_address: string; scam_type: string; industry: string; email: string; phone: string; telegram: string;
  website: string; wallet_addresses: string; bank_accounts: string; ip_addresses: string; known_partners: string;
  companies_used: string; currencies: string; bank: string; verification_status: string; joined_date: string;
  reported_person_date: string; submitted_at: string; submitted_by: string; submission_kind: string; revision: number;
}

export interface IncidentRow {
  id: number; profile_id: number; description: string; occurred: string | null; reported: string; amount: number | null;
  currency: string; types: string; nicknames: string; industries: string; companies: string; company_addresses: string;
  websites: string; telegrams: string; emails: string; phones: string; ip_addresses: string; wallet_addresses: string;
  bank_accounts: string; avatar: string | null; submitter_contact: string; submitted_by: string; verification_status: string;
}

export const list = (json: string): string[] => JSON.parse(json) as string[];
export const accounts = (json: string): BankAccount[] => JSON.parse(json) as BankAccount[];

/** Public shape of an incident: no submitter contact, no submitter (product.md#roles: staff only). */
export function toIncident(row: IncidentRow): Incident {
  const bank_accounts = accounts(row.bank_accounts);
  return {
    id: row.id,
    description: row.description,
    occurred: row.occurred,
    reported: row.reported,
    amount: row.amount,
    currency: row.currency,
    types: list(row.types),
    nicknames: list(row.nicknames),
    industries: list(row.industries),
    companies: list(row.companies),
    company_addresses: list(row.company_addresses),
    websites: list(row.websites),
    telegrams: list(row.telegrams),
    emails: list(row.emails),
    phones: list(row.phones),
    ip_addresses: list(row.ip_addresses),
    wallet_addresses: list(row.wallet_addresses),
    bank_names: unique(bank_accounts.map((a) => a.bank_name).filter(Boolean)),
    bank_accounts,
    avatar: row.avatar,
    status: row.verification_status,
  };
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

function uniqueAccounts(values: BankAccount[]): BankAccount[] {
  const seen = new Set<string>();
  return values.filter((a) => {
    const key = `${a.bank_name}\u0000${a.account}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A profile as the registry shows it. Its list fields are its own values joined with those of
 * its approved incidents, so a wallet or handle reported in an incident finds the profile.
 */
export function toProfile(row: ProfileRow, incidents: readonly Incident[]): Profile {
  const from = (own: string, pick: (i: Incident) => readonly string[]) => unique([...list(own), ...incidents.flatMap(pick)]);
  const companies = from(row.company, (i) => i.companies);
  return {
    id: row.id,
    name: row.name,
    nickname: row.nickname || incidents.flatMap((i) => i.nicknames)[0] || '',
    avatar: row.avatar ?? incidents.find((i) => i.avatar)?.avatar ?? null,
    location: row.location,
    bio: row.bio,
    gender: row.gender,
    nationality: row.nationality,
    languages: list(row.languages),
    accent: row.accent,
    geolocation: row.geolocation,
    company: companies,
    companyAddress: from(row.company_address, (i) => i.company_addresses),
    scam_type: from(row.scam_type, (i) => i.types),
    industry: from(row.industry, (i) => i.industries),
    email: from(row.email, (i) => i.emails),
    phone: from(row.phone, (i) => i.phones),
    telegram: from(row.telegram, (i) => i.telegrams),
    website: from(row.website, (i) => i.websites),
    walletAddresses: from(row.wallet_addresses, (i) => i.wallet_addresses),
    bankAccounts: uniqueAccounts([...accounts(row.bank_accounts), ...incidents.flatMap((i) => i.bank_accounts)]),
    ipAddresses: from(row.ip_addresses, (i) => i.ip_addresses),
    knownPartners: list(row.known_partners),
    companiesUsed: from(row.companies_used, (i) => i.companies),
    currencies: from(row.currencies, (i) => [i.currency]),
    bank: from(row.bank, (i) => i.bank_names),
    isVerified: row.verification_status === 'verified',
    verification_status: row.verification_status,
    joinedDate: row.joined_date,
    reported_person_date: row.reported_person_date,
  };
}

/** What staff see of a submitted profile (product.md#entities-submission ("Scammer submission (admin view)")). */
export function toStaffProfile(row: ProfileRow, incidents: readonly Incident[]): StaffProfile {
  return {
    ...toProfile(row, incidents),
    kind: row.submission_kind,
    submittedAt: row.submitted_at,
    submittedBy: row.submitted_by,
    coordinatesGeolocation: row.geolocation,
  };
}

export interface ProfileReference {
  developer: number | null; project: number | null; developer_name: string | null; project_name: string | null;
}

/** Staff views name their profile as `developer`/`developer_name` or `project`/`project_name` (product.md#entities). */
export function profileReference(kind: ProfileKind, id: number, name: string): ProfileReference {
  return kind === 'developer'
    ? { developer: id, project: null, developer_name: name, project_name: null }
    : { developer: null, project: id, developer_name: null, project_name: name };
}

/** product.md#entities-pending-scam ("Pending scam"): the incident with its submitter and its profile, for staff. */
export function toPendingScam(row: IncidentRow & { profile_kind: ProfileKind; profile_name: string }): PendingScam {
  const i = toIncident(row);
  return {
    id: i.id,
    verification_status: row.verification_status,
    reported: row.reported,
    occurred: row.occurred,
    submitter_contact: row.submitter_contact,
    submitted_by: row.submitted_by,
    ...profileReference(row.profile_kind, row.profile_id, row.profile_name),
    description: i.description,
    amount: i.amount,
    currency: i.currency,
    avatar: i.avatar,
    types: i.types, nicknames: i.nicknames, industries: i.industries, companies: i.companies,
    company_addresses: i.company_addresses, websites: i.websites, telegrams: i.telegrams, emails: i.emails,
    phones: i.phones, ip_addresses: i.ip_addresses, wallet_addresses: i.wallet_addresses,
    bank_names: i.bank_names, bank_accounts: i.bank_accounts,
  };
}
