// Real-shaped admin data for the component tests: each item is what the server's staff lists
// send (copied from a seeded server's answers) and goes through the shared schema, so a fixture
// that drifts from the contract fails here rather than passing against a shape that never comes.
import { pendingScamSchema, type PendingScam } from '../../../shared/contract/admin';
import { editRequestSchema, type EditRequest } from '../../../shared/contract/edit-request';
import { staffProfileSchema, type StaffProfile } from '../../../shared/contract/profile';
import { removalRequestSchema, type RemovalRequest } from '../../../shared/contract/removal-request';
import { EMPTY_LISTS, toCards, type AdminCard, type AdminLists } from './cards';

/** An ISO timestamp of a local date and time, so expected texts hold in any time zone. */
export function localIso(year: number, month: number, day: number, hour = 0, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

export function staffProfile(overrides: Partial<StaffProfile> = {}): StaffProfile {
  return staffProfileSchema.parse({
    id: 36,
    name: 'Thea Underhill',
    nickname: 'Yield Sensei',
    avatar: null,
    location: 'Manila, Philippines',
    bio: 'Full-stack developer advertising on job boards who raised money for a bridge contract with a hidden admin key.',
    gender: 'Female',
    nationality: 'British',
    languages: ['Spanish', 'Arabic'],
    accent: 'Eastern European',
    geolocation: '14.5995, 120.9842',
    company: ['Fabrikam Crypto'],
    companyAddress: [],
    scam_type: ['Exit Scam'],
    industry: ['DAO Tooling', 'NFT'],
    email: [],
    phone: ['+44 7700 900053'],
    telegram: ['@thea_trader54'],
    website: [],
    walletAddresses: ['LoAES6JETk517FUnVb9CZBNr1GAZzaZxLa'],
    bankAccounts: [],
    ipAddresses: [],
    knownPartners: [],
    companiesUsed: ['Marigold Token Agency'],
    currencies: ['USD'],
    bank: [],
    isVerified: false,
    verification_status: 'unverified',
    joinedDate: '2025-11-02',
    reported_person_date: localIso(2025, 11, 2, 18, 23),
    kind: 'NEW_DEVELOPER',
    submittedAt: localIso(2025, 11, 2, 18, 23),
    submittedBy: 'Anonymous',
    coordinatesGeolocation: '14.5995, 120.9842',
    ...overrides,
  });
}

export function stagedProject(overrides: Partial<StaffProfile> = {}): StaffProfile {
  return staffProfile({
    id: 37, name: 'LunaBridge', nickname: '$LUNA', gender: 'Not Specified', nationality: '', accent: '',
    languages: ['English'], location: 'Lagos, Nigeria', geolocation: '6.5244, 3.3792', coordinatesGeolocation: '6.5244, 3.3792',
    bio: 'Anonymous-team DAO Tooling project promising a cross-chain bridge.', kind: 'NEW_PROJECT',
    submittedAt: localIso(2025, 11, 11, 18, 5), reported_person_date: localIso(2025, 11, 11, 18, 5), submittedBy: 'demo-reporter',
    ...overrides,
  });
}

export function pendingScam(overrides: Partial<PendingScam> = {}): PendingScam {
  return pendingScamSchema.parse({
    id: 101,
    verification_status: 'pending',
    reported: '2025-05-31',
    occurred: '2025-05-21',
    submitter_contact: '@reporter_uzojvy',
    submitted_by: 'Anonymous',
    developer: null,
    project: 14,
    developer_name: null,
    project_name: 'EmberFlow Labs',
    description: 'Payment was made for development work that was never delivered.',
    amount: 98.57370001,
    currency: 'ETH',
    avatar: null,
    types: ['Service not delivered', 'Exit Scam'],
    nicknames: ['Ember'],
    industries: ['Crypto Lending'],
    companies: ['Quartz Launchpad'],
    company_addresses: ['217 Demo Lane, Lakeview'],
    websites: ['https://emberflow.test', 'https://app.emberflow.test'],
    telegrams: ['@emberflow_support'],
    emails: ['team@emberflow.test'],
    phones: ['+1 (897) 555-0170'],
    ip_addresses: ['192.168.119.203'],
    wallet_addresses: ['0x17806fa885945c01817fbb804bdc26ad8055e273'],
    bank_names: ['Demo Savings & Loan'],
    bank_accounts: [{ bank_name: 'Demo Savings & Loan', account: 'ACCT-18810176' }],
    ...overrides,
  });
}

export function editRequest(overrides: Partial<EditRequest> = {}): EditRequest {
  return editRequestSchema.parse({
    id: 3,
    submitted_at: localIso(2025, 12, 12, 14, 31),
    submitted_by: 'Anonymous',
    full_name: 'Anonymous',
    contact_information: '@reporter_ecupew',
    case_id: 'EDITREQ-2025-0021',
    developer: 21,
    project: null,
    developer_name: 'Aldric Drummond',
    project_name: null,
    scam: 61,
    target_type: 'both',
    verification_status: 'pending',
    proposed_changes: {
      developer: {
        bio: 'Alleged former exchange employee who sold private allocations.',
        location: 'Berlin, Germany',
        languages: ['Tagalog', 'Russian'],
        nationality: '',
      },
      append: {
        scam_updates: [{
          id: 61,
          set: {
            amount: 155851.12345678,
            currency: 'USDT',
            walletAddresses: ['0x02eb7e1d7e9911b4edb39b8d1dad27e85be79239'],
            telegrams: ['@aldric_nft17'],
            emails: [],
          },
        }],
        scam_creates: [{
          set: {
            scamTypes: ['Phishing'],
            industries: ['Blockchain Infrastructure'],
            websites: ['https://aldricdrummond.dev.example'],
            ipAddresses: ['203.0.113.218'],
            bankAccounts: [{ bank_name: 'Example National Bank', account: 'ACCT-46736925' }],
            companiesUsed: [],
            amount: 62424.59,
            currency: 'USD',
          },
          description: 'Victims were promised returns that never materialised.',
        }],
      },
    },
    ...overrides,
  });
}

export function removalRequest(overrides: Partial<RemovalRequest> = {}): RemovalRequest {
  return removalRequestSchema.parse({
    id: 4,
    submitted_at: localIso(2025, 11, 10, 11, 20),
    case_id: 'BUSTR-2025-0020',
    full_name: 'Fiora Fairbrook',
    contact_information: 'victim9349@vault.test',
    explanation: 'The incident was a misunderstanding that has since been resolved privately.',
    developer: 20,
    project: null,
    scam: null,
    target_type: 'developer',
    developer_name: 'Anselm Lockridge',
    project_name: null,
    scam_description: null,
    verification_status: 'pending',
    ...overrides,
  });
}

/** The one card the lists make (throws when they make another number). */
export function onlyCard(lists: Partial<AdminLists>): AdminCard {
  const cards = toCards({ ...EMPTY_LISTS, ...lists });
  if (cards.length !== 1) throw new Error(`expected one card, got ${cards.length}`);
  return cards[0]!;
}
