// IPv4 addresses, the registry's case ids and bank accounts (IBANs checked with ibantools).
import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { readCaseId } from '../domain/case-id';
import { CONFIDENCE, type IdentifierProblem, type Reader } from './types';

// ---------------------------------------------------------------- IPv4

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?(?:\/\S*)?$/;
const HTTP_AUTHORITY = /^\/\/(\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]\S*)?$/;
const OCTET_MAX = 255;

export const readIpv4: Reader = (pasted, _known, out) => {
  let text: string;
  if (pasted.scheme === '') text = pasted.text;
  else if (pasted.scheme === 'http' || pasted.scheme === 'https') text = HTTP_AUTHORITY.exec(pasted.rest)?.[1] ?? '';
  else return;
  const m = IPV4.exec(text);
  if (m === null) return;
  // dotted decimal without leading zeros (RFC 6943 §3.1.1): '010.001.002.003' is 10.1.2.3
  const octets = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const canonical = octets.join('.');
  if (octets.every((o) => o <= OCTET_MAX)) out.push({ kind: 'ipv4', canonical, valid: true, confidence: CONFIDENCE.high });
  else out.push({ kind: 'ipv4', canonical, valid: false, problem: 'octet_range', confidence: CONFIDENCE.medium });
};

// ---------------------------------------------------------------- case ids

export const readCaseIdentifier: Reader = (pasted, _known, out) => {
  // 'bustr' followed by ':' would be a scheme; a case id never has one
  if (pasted.scheme !== '') return;
  // docs/product.md#constants: BUSTR-2025-{id padded to 4}, read by shared/domain/case-id.ts
  const canonical = readCaseId(pasted.text);
  if (canonical === null) return;
  out.push({ kind: 'case_id', canonical, valid: true, confidence: CONFIDENCE.high });
};

// ---------------------------------------------------------------- bank accounts

// IBAN and other accounts share one canonical form: separators dropped, upper case
const ACCOUNT_SEPARATORS = /[\s.\-/]+/g;
const ALPHANUMERIC = /^[A-Z0-9]+$/;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
// an account number as people paste one: up to 6 letters (a bank or scheme prefix), then digits
const ACCOUNT_SHAPE = /^[A-Z]{0,6}\d{6,30}$/;
// what has that shape without being an account: an IPv4 address, a date, a case id
const NOT_AN_ACCOUNT = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\d{4}-\d{2}-\d{2}|#?\s*bustr-.*)$/i;

/** The canonical form of an IBAN or account number: spaces, dots, dashes and slashes dropped, upper case. */
export function compactAccount(text: string): string {
  return text.replace(ACCOUNT_SEPARATORS, '').toUpperCase();
}

function ibanProblem(codes: readonly ValidationErrorsIBAN[]): IdentifierProblem {
  if (codes.includes(ValidationErrorsIBAN.NoIBANCountry)) return 'iban_country';
  // a character missing or extra also breaks the checksum: the length is what to tell
  if (codes.includes(ValidationErrorsIBAN.WrongBBANLength)) return 'iban_length';
  if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return 'iban_format';
  if (
    codes.includes(ValidationErrorsIBAN.WrongIBANChecksum) || codes.includes(ValidationErrorsIBAN.ChecksumNotNumber) ||
    codes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
  ) return 'checksum';
  return 'iban_format';
}

export const readBankAccount: Reader = (pasted, known, out) => {
  if (pasted.scheme !== '') return;
  const canonical = compactAccount(pasted.text);
  if (!ALPHANUMERIC.test(canonical)) return;
  if (IBAN_SHAPE.test(canonical)) {
    const result = validateIBAN(canonical);
    if (result.valid) out.push({ kind: 'iban', canonical, valid: true, confidence: CONFIDENCE.high });
    else {
      const problem = ibanProblem(result.errorCodes);
      // a weak reading, rather a handle: two letters that are no IBAN country ('aa85aaaaaaaaaa'), or
      // small letters outside a bank field ('mk40qzi99wum8k7': banks print IBANs in capitals)
      const weak = problem === 'iban_country' || (!known && /[a-z]/.test(pasted.text));
      out.push({ kind: 'iban', canonical, valid: false, problem, confidence: weak ? CONFIDENCE.fallback : CONFIDENCE.medium });
    }
  } else if (known || (ACCOUNT_SHAPE.test(canonical) && !NOT_AN_ACCOUNT.test(pasted.text))) {
    out.push({ kind: 'bank_account', canonical, valid: true, confidence: CONFIDENCE.fallback });
  }
};
