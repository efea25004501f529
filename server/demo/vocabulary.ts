// The demo data's words (all invented; domains, phone numbers and IP ranges are reserved or
// fictional): names, places, companies, scam types and the stories told about them.
// generation.ts draws from these lists with a seeded PRNG.

// the scam types the filters know, defined once in the contract
export { KNOWN_SCAM_TYPES } from '../../shared/contract/scam-submit';
export const OTHER_SCAM_TYPES = ['Ponzi Scheme', 'Fake Job Offer', 'Honeypot Token', 'Fake Audit', 'Romance Scam'];

export const INDUSTRIES = [
  'DeFi', 'NFT', 'GameFi', 'Crypto Exchange', 'Web3 Development', 'Metaverse', 'AI Trading',
  'Blockchain Infrastructure', 'Crypto Lending', 'DAO Tooling', 'Mining', 'Payments',
];

export const MALE_NAMES = [
  'Aldric', 'Corvin', 'Emrys', 'Gideon', 'Ivo', 'Kael', 'Marek', 'Orrin', 'Soren', 'Ulric', 'Wystan',
  'Yorick', 'Anselm', 'Cassian', 'Evander', 'Griffin', 'Ignatius', 'Leander', 'Nikolai', 'Percival',
  'Silas', 'Viggo', 'Zarek', 'Lazlo',
];
export const FEMALE_NAMES = [
  'Dalia', 'Fenna', 'Halcy', 'Jessamy', 'Liora', 'Nerys', 'Priya', 'Rosalind', 'Tamsin', 'Vesna',
  'Xanthe', 'Zelda', 'Brielle', 'Delphine', 'Fiora', 'Hesper', 'Juno', 'Mireille', 'Odile', 'Rhiannon',
  'Thea', 'Ines',
];
export const FIRST_NAMES = [...MALE_NAMES, ...FEMALE_NAMES, 'Bexley', 'Quill', 'Wren', 'Calloway'];
export const LAST_NAMES = [
  'Ashgrove', 'Blackwood', 'Calder', 'Drummond', 'Everhart', 'Fairbrook', 'Grimsby', 'Hollowell',
  'Ironside', 'Jarrow', 'Kestrel', 'Lockridge', 'Marchbanks', 'Northcott', 'Oakenfold', 'Pendergast',
  'Quarrington', 'Ravensworth', 'Stonebridge', 'Thistlewood', 'Underhill', 'Vantrell', 'Whitlock',
  'Yardley', 'Zellweger', 'Albermarle', 'Brisbane', 'Coldwater', 'Dunmore', 'Eastwick', 'Foxley',
  'Galloway', 'Hartigan', 'Ivers', 'Kettering', 'Larkspur', 'Mosswood', 'Nettleford', 'Ormsby',
  'Pilkington', 'Redfern', 'Saltonstall', 'Tremaine', 'Voss', 'Wexford',
];
export const NICKNAMES = [
  'CryptoKing', 'DeFi Wizard', 'The Architect', 'MoonDev', 'Whale Whisperer', 'GasFeeGuru',
  'Anon Dev', 'Satoshi Jr', 'RugMaster', 'Chain Ghost', 'Alpha Caller', 'Yield Sensei',
];

export const PROJECT_PREFIXES = [
  'Moon', 'Luna', 'Nova', 'Stellar', 'Quantum', 'Pixel', 'Aether', 'Hyper', 'Orbit', 'Zephyr',
  'Solar', 'Neon', 'Vertex', 'Apex', 'Cobalt', 'Ember', 'Frost', 'Titan', 'Echo', 'Prism',
];
export const PROJECT_CORES = [
  'Vault', 'Swap', 'Chain', 'Yield', 'Mint', 'Pad', 'Bridge', 'Forge', 'Stake', 'Flow', 'Verse',
  'Node', 'Ledger', 'Coin', 'Dex',
];
export const PROJECT_TAILS = ['Finance', 'Protocol', 'DAO', 'Labs', 'Network', 'Capital', 'Exchange', 'AI', ''];

/** [location, geolocation] */
export const LOCATIONS: ReadonlyArray<readonly [string, string]> = [
  ['Lisbon, Portugal', '38.7223, -9.1393'], ['Dubai, UAE', '25.2048, 55.2708'],
  ['Singapore', '1.3521, 103.8198'], ['London, UK', '51.5074, -0.1278'],
  ['Kyiv, Ukraine', '50.4501, 30.5234'], ['Lagos, Nigeria', '6.5244, 3.3792'],
  ['Bangkok, Thailand', '13.7563, 100.5018'], ['Toronto, Canada', '43.6532, -79.3832'],
  ['Berlin, Germany', '52.5200, 13.4050'], ['Manila, Philippines', '14.5995, 120.9842'],
  ['Istanbul, Turkey', '41.0082, 28.9784'], ['Buenos Aires, Argentina', '-34.6037, -58.3816'],
  ['Miami, USA', '25.7617, -80.1918'], ['Hong Kong', '22.3193, 114.1694'],
  ['Tallinn, Estonia', '59.4370, 24.7536'], ['Limassol, Cyprus', '34.7071, 33.0226'],
];
export const NATIONALITIES = [
  'Portuguese', 'Emirati', 'Singaporean', 'British', 'Ukrainian', 'Nigerian', 'Thai', 'Canadian',
  'German', 'Filipino', 'Turkish', 'Argentine', 'American', 'Chinese', 'Estonian', 'Cypriot',
  'Russian', 'Indian', 'Brazilian', 'French',
];
export const LANGUAGES = [
  'English', 'Spanish', 'Portuguese', 'Russian', 'Mandarin', 'Arabic', 'German', 'French',
  'Turkish', 'Ukrainian', 'Hindi', 'Thai', 'Tagalog', 'Yoruba', 'Estonian',
];
export const ACCENTS = [
  'British', 'American', 'Australian', 'Eastern European', 'Nigerian', 'Indian', 'South African',
  'Neutral', 'Latin American', 'Middle Eastern', 'Southeast Asian', 'German',
];
export const COMPANIES = [
  'Bluefin Ventures', 'Cinder Capital', 'Driftwood Labs', 'Emberline Digital', 'Foxglove Holdings',
  'Greyhaven Partners', 'Harborlight Tech', 'Ironleaf Systems', 'Juniper Ledger Ltd', 'Kestrel Web3 Studio',
  'Lumen Bridge LLC', 'Mistral Blockchain Inc', 'Northwind Ventures', 'Contoso Capital', 'Fabrikam Crypto',
];
export const COMPANIES_USED = [
  'ShellCo Trading Ltd', 'Paperwall Holdings', 'Nimbus Escrow Services', 'Tidewater Payments',
  'Quartz Launchpad', 'Ivory Market Makers', 'Saffron Consulting', 'Pinecone Staffing',
  'Obsidian OTC Desk', 'Offshore Example Corp', 'Gullwing Freelance Hub', 'Marigold Token Agency',
];
export const STREETS = ['Example Street', 'Sample Avenue', 'Placeholder Road', 'Demo Lane', 'Test Boulevard', 'Fiction Way'];
export const ADDRESS_CITIES = ['Springfield', 'Riverton', 'Lakeview', 'Fairview', 'Greenville', 'Oakridge'];
export const BANKS = [
  'Example National Bank', 'Demo Savings & Loan', 'First Fictional Bank', 'Testbank International',
  'Placeholder Credit Union', 'Sample Trust Bank', 'Mockingbird Bank', 'Nowhere Federal Bank',
];
// e-mail domains and websites under the TLDs reserved for examples and tests (shared/identifiers/README.md)
export const EMAIL_DOMAINS = ['mail.example', 'post.example', 'mail.test', 'vault.test', 'inbox.invalid', 'webmail.invalid'];
export const WEB_TLDS = ['.example', '.test'];
// no word here makes a handle that passes for a showcase handle (showcase.ts; seed.test.ts checks)
export const HANDLE_WORDS = ['crypto', 'defi', 'dev', 'alpha', 'moon', 'chain', 'nft', 'yield', 'whale', 'trader'];

// Phone numbers reserved for fiction, all valid for libphonenumber-js ("min" metadata). The
// showcase profiles (showcase.ts) use numbers that none of these lists can make.
/** ACMA's fictitious Australian mobile numbers (national significant number, 04… without the 0); 0491 570 159 is the showcase's. */
export const AU_FICTION_MOBILES = [
  '491570006', '491570110', '491570156', '491570157', '491570158', '491570313', '491570737', '491571266',
  '491571491', '491571804', '491572549', '491572665', '491572983', '491573087', '491573770', '491574118',
  '491574632', '491575254', '491575789', '491576398', '491576801', '491577426', '491577644', '491578148',
  '491578888', '491578957', '491579212', '491579455', '491579760',
];
/** ACMA's fictitious Australian landline blocks: area code, then 5550 xxxx or 7010 xxxx. */
export const AU_FICTION_AREAS = ['2', '3', '7', '8'];
export const AU_FICTION_BLOCKS = ['5550', '7010'];
/**
 * Ofcom's drama numbers [area code, local prefix], followed by three digits. Not its mobile range
 * 07700 900xxx nor 01632 960xxx and 0115 496 0xxx: libphonenumber-js does not count them as valid
 * numbers. 029 2018 0xxx (Cardiff) is the showcase's.
 */
export const UK_DRAMA_RANGES: ReadonlyArray<readonly [string, string]> = [
  ['20', '7946 0'], ['113', '496 0'], ['114', '496 0'], ['116', '496 0'], ['117', '496 0'], ['118', '496 0'],
  ['121', '496 0'], ['131', '496 0'], ['141', '496 0'], ['151', '496 0'], ['161', '496 0'], ['191', '498 0'],
  ['28', '9649 6'],
];
/** US and Canadian area codes in service; with the exchange 555 and lines 0100–0199 (reserved for fiction). 843 is the showcase's. */
export const NANP_AREA_CODES = [
  '201', '206', '212', '213', '303', '305', '312', '403', '404', '415', '416', '512', '514', '604', '617', '647', '702', '778',
];

/**
 * Euro accounts as IBANs: [country, bank code letters, digits after them] for countries whose
 * BBAN has no national check digits (ibantools checks those of some), composed with ibantools.
 */
export const IBAN_FORMATS: ReadonlyArray<readonly [string, string, number]> = [
  ['DE', '', 18], ['NL', 'EXMP', 10], ['AT', '', 16], ['IE', 'DEMO', 14], ['CY', '', 24], ['LU', '', 16],
];

export const CURRENCIES = ['USD', 'USDT', 'ETH', 'BTC', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEV_ROLES = [
  'Self-described blockchain architect', 'Freelance Solidity developer', 'Claimed senior Web3 engineer',
  'Alleged former exchange employee', 'Self-styled crypto influencer', 'Community manager for hire',
  'Smart-contract auditor by their own account', 'Full-stack developer advertising on job boards',
];
export const DEV_ACTIONS = [
  'took upfront payment for', 'collected presale funds for', 'promised to deliver',
  'raised money for', 'ran the treasury of', 'sold private allocations in',
];
export const DEV_OBJECTS = [
  'a DeFi dashboard that never shipped', 'an NFT collection that was never minted',
  'a token launch that vanished overnight', 'a trading bot with fabricated results',
  'a bridge contract with a hidden admin key', 'a staking platform with no audited code',
];
export const PROJECT_ADJECTIVES = ['Anonymous-team', 'Heavily promoted', 'Short-lived', 'Presale-only', 'Influencer-backed', 'Unaudited'];
export const PROJECT_PROMISES = [
  'a guaranteed daily yield', 'a cross-chain bridge', 'play-to-earn rewards', 'AI-driven arbitrage returns',
  'staking with locked liquidity', 'a launchpad for vetted tokens',
];
export const CLOSERS = [
  'Stopped replying after the final milestone.', 'Deleted all social accounts soon after.',
  'Reported by several independent victims.', 'Used multiple aliases across Telegram groups.',
  'Funds were moved through several fresh wallets.', '',
];

export const TYPE_STORIES: Record<string, readonly string[]> = {
  'Rug Pull': ['Liquidity was pulled from the pool days after launch.', 'The deployer drained the liquidity pool and disappeared.'],
  'Fake Raise': ['Investors were told the round was oversubscribed; no tokens were ever issued.', 'A seed round was announced with fake backers.'],
  'Pump & Dump': ['The token was shilled in paid groups, then team wallets sold into the spike.', 'Coordinated buy signals preceded a large sell-off by insiders.'],
  'Service not delivered': ['Payment was made for development work that was never delivered.', 'A smart-contract job was paid in advance and abandoned.'],
  'Identity Theft': ['Documents of a real developer were used to pass a KYC check.', 'A stolen LinkedIn profile was used to win the contract.'],
  'Phishing': ['Victims connected wallets to a cloned site that drained approvals.', 'A fake airdrop link asked for seed phrases.'],
  'Impersonation': ['The scammer posed as a well-known founder in direct messages.', 'Support staff of an exchange were impersonated on Telegram.'],
  'Exit Scam': ['The team closed the platform and kept user deposits.', 'Withdrawals were frozen before the website went offline.'],
};
export const GENERIC_STORIES = [
  'Victims were promised returns that never materialised.', 'Deposits were accepted, then the accounts went silent.',
  'The offer was withdrawn after the payment cleared.',
];
export const AFTERMATH = [
  'Several victims reported the same wallets.', 'The Telegram group was deleted the same day.',
  'No refunds were made.', 'Victims were blocked after asking questions.', '',
];

/** What a person asking for a removal writes (removal requests in the staff queue). */
export const REMOVAL_EXPLANATIONS = [
  'I am the person named here and the reported debt was settled in full.',
  'This profile mixes me up with someone else who used my name.',
  'The project was handed over to a new team who refunded every holder.',
  'The incident was a misunderstanding that has since been resolved privately.',
];
