// Generators for the property tests of identifier search (identifier-keys.test.ts,
// equivalence.test.ts): values as profiles store them — valid ones of every kind, in the shapes the
// fast keys read and in the shapes left to shared/identifiers — and the forms people paste them in.
// Used by tests only.
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { getCountries, getExampleNumber } from 'libphonenumber-js/min';
import { checksumAddress } from '../../identifiers';

const base58check = createBase58check(sha256);
const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const chars = (set: string, min: number, max: number) => fc.string({ unit: fc.constantFrom(...set), minLength: min, maxLength: max });
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';

/** Randomly upper-cases some letters. */
export const anyCase = (text: string) => fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length })
  .map((flips) => Array.from(text, (c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));

// ---------------------------------------------------------------- wallets

const versioned = (version: number) => bytes(20).map((b) => base58check.encode(Uint8Array.from([version, ...b])));
const segwit = (hrp: string) => fc.oneof(
  bytes(20).map((b) => bech32.encode(hrp, [0, ...bech32.toWords(b)])),
  bytes(32).map((b) => bech32m.encode(hrp, [1, ...bech32m.toWords(b)])),
  fc.integer({ min: 2, max: 40 }).chain((n) => bytes(n)).map((b) => bech32m.encode(hrp, [1, ...bech32m.toWords(b)])),
);
const evm = bytes(20).chain((b) => fc.constantFrom(checksumAddress('0x' + hex(b)), '0x' + hex(b), '0x' + hex(b).toUpperCase(), '0X' + hex(b)));
/** base58 text of any first character and length (Solana keys, broken addresses, lookalikes of the shapes) */
const base58Text = fc.tuple(fc.constantFrom(...BASE58, '1', '3', 'L', 'M', 'T', 'b', 'B'), chars(BASE58, 18, 50)).map(([a, b]) => a + b);

export const WALLETS = fc.oneof(
  evm, versioned(0x00), versioned(0x05), versioned(0x30), versioned(0x32), versioned(0x41), segwit('bc'), segwit('ltc'),
  bytes(32).map((b) => base58.encode(b)), base58Text,
  fc.tuple(fc.constantFrom('bc1', 'ltc1', 'BC1', 'Ltc1', 'bc1q'), chars(BECH32 + 'bio1', 6, 70)).map(([a, b]) => a + b),
  fc.tuple(fc.constantFrom('0x', '0X'), chars(DIGITS + 'abcdefABCDEF', 1, 48)).map(([a, b]) => a + b),
  fc.constantFrom('', 'Unknown', 'ethereum:0x52908400098527886E0F7030069857D2E4169EE7', ' 0xabc ', '1111111111111111111111111111111111', 'tron:TXYZ'),
);

// ---------------------------------------------------------------- phones

/** one mobile number per country (libphonenumber's examples), E.164 */
export const E164 = getCountries().flatMap((c) => getExampleNumber(c, examples)?.number ?? []);

const spacedDigits = (digits: string) => fc.array(fc.constantFrom('', '', ' ', '-', '.', ' '), { minLength: digits.length, maxLength: digits.length })
  .map((seps) => Array.from(digits, (d, i) => d + seps[i]!).join('').replace(/[\s.-]+$/, ''));

export const PHONES = fc.oneof(
  fc.constantFrom(...E164),
  fc.constantFrom(...E164).chain((n) => spacedDigits(n.slice(1)).map((d) => '+' + d)),
  // the (0) trunk digit after the country code, as Australians and Britons write it
  fc.constantFrom(...E164).chain((n) => fc.integer({ min: 1, max: 3 }).map((cc) => `+${n.slice(1, 1 + cc)} (0)${n.slice(1 + cc)}`)),
  fc.constantFrom(...E164).map((n) => `+${n.slice(1, 3)} 0${n.slice(3)}`),
  fc.tuple(fc.constantFrom('+', '00', 'tel:+', '+0', '＋'), chars(DIGITS, 1, 18)).chain(([p, d]) => spacedDigits(d).map((s) => p + s)),
  fc.constantFrom('+1 (843) 555-0117', '+1 843 555 0117 ext. 12', '555-0117', '(555) 010-0199', '+44 (0)29 2018 0321', '+54 9 11 2345 6789', '+54 011 15 2345 6789', 'call me', ''),
);

// ---------------------------------------------------------------- e-mails, websites, handles

const label = fc.tuple(chars(LOWER, 1, 1), chars(LOWER + DIGITS + '-', 0, 10), chars(LOWER + DIGITS, 1, 1)).map(([a, b, c]) => a + b + c);
const suffix = fc.constantFrom('com', 'example', 'invalid', 'test', 'co.uk', 'github.io', 'zz', 'c0m', '123', 'xn--p1ai');
const host = fc.tuple(fc.option(fc.constantFrom('www', 'login', 'WWW', 'xn--80ak6aa92e', 'a-', '1'), { nil: undefined }), label, suffix)
  .map(([sub, name, end]) => [sub, name, end].filter(Boolean).join('.')).chain(anyCase);
export const HOSTS = fc.oneof(host, fc.constantFrom('t.me', 'telegram.me', 'пример.испытание', 'bücher.example', '203.0.113.7', 'localhost', 'a..b', 'x.y.'));

export const EMAILS = fc.oneof(
  fc.tuple(chars(LOWER + DIGITS + '._-', 1, 12), HOSTS).map(([local, h]) => `${local}@${h}`).chain(anyCase),
  fc.constantFrom('mailto:Ada@Example.com', 'José@bücher.example', 'a b@c.d', 'no-at-sign', '<ada@example.com>', 'ΣΑΣ@example.com'),
);

export const WEBSITES = fc.oneof(
  fc.tuple(fc.constantFrom('', 'http://', 'https://', 'HTTPS://', 'ftp://'), HOSTS, fc.constantFrom('', '/', '/login?ref=ad', ':8080', ':8080/x', '#top', ' '))
    .map(([scheme, h, rest]) => scheme + h + rest),
  fc.constantFrom('https://t.me/aldric_web302', 't.me/joinchat', 'https://user@site.example/', 'Unknown', ''),
);

export const HANDLES = fc.oneof(
  fc.tuple(fc.constantFrom('', '@'), chars(LOWER + DIGITS + '_', 1, 20)).map(([a, b]) => a + b).chain(anyCase),
  fc.constantFrom('https://t.me/Aldric_Web302/', 't.me/s/moon_boy', '@аldric', 'moon boy', '@', 'tg://resolve?domain=moon_boy'),
);

export const IPS = fc.oneof(
  fc.tuple(fc.nat(300), fc.nat(255), fc.nat(255), fc.nat(255)).map((o) => o.join('.')),
  fc.constantFrom('010.001.002.003', '203.0.113.7:8080', 'http://203.0.113.7/', '1.2.3', 'VPN'),
);

export const ACCOUNTS = fc.oneof(
  fc.tuple(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 2, 2), chars(DIGITS, 2, 2), chars(DIGITS + 'ABCDEFGHIJ', 10, 24)).map(([c, d, b]) => c + d + b),
  fc.tuple(fc.constantFrom('ACCT-', 'acct ', '', 'GB'), chars(DIGITS, 4, 14)).map(([p, d]) => p + d),
  fc.constantFrom('DE12 5001 0517 0648 4898 90', 'de12-5001-0517-0648-4898-90', '12-34-56 12345678', ' 0001 ', 'n/a', 'ACCT:123', ''),
);

// ---------------------------------------------------------------- pasted forms

/** Forms a stored value may be pasted in (some of which are not the same identifier). */
export function pastedForms(field: string, value: string): fc.Arbitrary<string> {
  const around = (text: string) => fc.constantFrom(text, ` ${text} `, `"${text}"`);
  const forms: string[] = [value, value.toLowerCase(), value.toUpperCase()];
  switch (field) {
    case 'walletAddresses': forms.push(`ethereum:${value}@1?value=1e18`, `eip155:1:${value}`, `bitcoin:${value}?amount=0.05`, `litecoin:${value}`, `solana:${value}`); break;
    case 'phone': forms.push(`tel:${value.replace(/\s/g, '-')}`, value.replace(/\D/g, ''), '+' + value.replace(/\D/g, ''), value.replace(/^\+/, '00'), value.replace(/\(0\)/, '')); break;
    case 'email': forms.push(`mailto:${value}?subject=Refund`); break;
    case 'website': forms.push(`www.${value.replace(/^https?:\/\//i, '')}`, `http://${value.replace(/^https?:\/\//i, '')}/login?ref=ad`); break;
    case 'telegram': forms.push(`t.me/${value.replace(/^@/, '')}`, `https://t.me/${value.replace(/^@/, '')}/`, value.replace(/^@/, '')); break;
    case 'ipAddresses': forms.push(`http://${value}/`); break;
    case 'bankAccounts': forms.push(value.replace(/[\s.-]/g, ''), value.match(/.{1,4}/g)?.join(' ') ?? value); break;
    default: break;
  }
  return fc.constantFrom(...forms).chain(around);
}
