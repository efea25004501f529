// Wallet addresses: EVM (EIP-55), Bitcoin and Litecoin (base58check, BIP-173/350 segwit),
// Tron (base58check) and Solana (base58). Encodings and hashes come from @scure/base and
// @noble/hashes; this file only says which prefixes, versions and lengths each chain uses.
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { beforeQuery, decodeComponent } from './pasted';
import { CONFIDENCE, type Candidate, type Confidence, type IdentifierKind, type IdentifierProblem, type Pasted, type Reader } from './types';

const base58check = createBase58check(sha256);

// ---------------------------------------------------------------- EVM

const EVM = /^0x([0-9a-f]+)$/i;
const EVM_HEX_DIGITS = 40;
/** A bare 0x-hex text this close to 40 digits is read as an address with a digit missing or extra. */
const EVM_NEAR_DIGITS = { min: 36, max: 44 } as const;
const HAS_LOWER_HEX = /[a-f]/;
const HAS_UPPER_HEX = /[A-F]/;
const ASCII = new TextEncoder();
// EIP-681: ethereum:[pay-]<target>[@<chain>][/<function>][?<params>]
const EIP681 = /^(?:pay-)?([^@/?#]+)(?:@[^/?#]*)?(?:\/([^?#]*))?(?:\?([^#]*))?/i;
const EIP681_RECIPIENT = /(?:^|&)address=([^&]*)/i;
// CAIP-10: <namespace>:<chain reference>:<address>; the namespace is the scheme
const CAIP10 = /^[-_a-zA-Z0-9]{1,32}:([^:]+)$/;

/**
 * The EIP-55 mixed-case form of an address: each hex letter upper-cased where the matching
 * nibble of keccak-256(lower-case hex) is 8 or more.
 */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(ASCII.encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

function pushEvm(address: string, known: boolean, confidence: Confidence, out: Candidate[]): void {
  const m = EVM.exec(address);
  if (m === null) return;
  const hex = m[1]!;
  if (!known && (hex.length < EVM_NEAR_DIGITS.min || hex.length > EVM_NEAR_DIGITS.max)) return;
  // lower-case: a key that all-lower, all-upper and checksummed pastes share (README.md here)
  const canonical = '0x' + hex.toLowerCase();
  if (hex.length !== EVM_HEX_DIGITS) {
    out.push({ kind: 'evm', canonical, valid: false, problem: 'length', confidence: CONFIDENCE.medium });
    return;
  }
  // EIP-55: a mixed-case address carries a checksum; one in a single case does not
  const mixed = HAS_LOWER_HEX.test(hex) && HAS_UPPER_HEX.test(hex);
  if (mixed && checksumAddress(canonical) !== '0x' + hex) {
    out.push({ kind: 'evm', canonical, valid: false, problem: 'checksum', confidence: CONFIDENCE.medium });
    return;
  }
  out.push({ kind: 'evm', canonical, valid: true, confidence });
}

export const readEvm: Reader = (pasted, known, out) => {
  const { scheme, rest } = pasted;
  if (scheme === '') {
    pushEvm(pasted.text, known, CONFIDENCE.high, out);
  } else if (scheme === 'ethereum') {
    const m = EIP681.exec(rest);
    if (m === null) return;
    // an ERC-20 transfer request pays `address=`, the target being the token's contract
    const recipient = m[2]?.toLowerCase() === 'transfer' && m[3] ? EIP681_RECIPIENT.exec(m[3]) : null;
    if (recipient) pushEvm(decodeComponent(recipient[1]!), known, CONFIDENCE.high, out);
    pushEvm(decodeComponent(m[1]!), known, CONFIDENCE.high, out);
  } else {
    // CAIP-10 (eip155:1:0x…) or an EIP-3770 chain-prefixed address (eth:0x…, arb1:0x…)
    const caip = CAIP10.exec(rest);
    pushEvm(caip ? caip[1]! : rest, known, scheme === 'eip155' ? CONFIDENCE.high : CONFIDENCE.medium, out);
  }
};

// ---------------------------------------------------------------- base58check

/** Bytes a base58check address holds: a version byte and a 20-byte hash. */
const VERSIONED_HASH_BYTES = 21;

type Base58Check = { payload: Uint8Array } | { problem: IdentifierProblem };

function decodeBase58Check(address: string): Base58Check {
  try {
    return { payload: base58check.decode(address) };
  } catch {
    // the alphabet was checked before, so what fails is the checksum
    return { problem: 'checksum' };
  }
}

/** A base58check address of `kind` whose version byte must be one of `versions`. */
function pushBase58Check(
  address: string, kind: IdentifierKind, versions: readonly number[], confidence: Confidence, out: Candidate[],
): void {
  const decoded = decodeBase58Check(address);
  let problem: IdentifierProblem | undefined;
  if ('problem' in decoded) problem = decoded.problem;
  else if (decoded.payload.length !== VERSIONED_HASH_BYTES) problem = 'length';
  else if (!versions.includes(decoded.payload[0]!)) problem = 'version';
  // base58 is case-sensitive: the canonical form is the address as written
  if (problem) out.push({ kind, canonical: address, valid: false, problem, confidence: CONFIDENCE.medium });
  else out.push({ kind, canonical: address, valid: true, confidence });
}

// ---------------------------------------------------------------- segwit (bech32 / bech32m)

const BECH32_DATA = /^[02-9ac-hj-np-z]+$/;
const BECH32_MAX_CHARS = 90; // BIP-173
const SEGWIT_MAX_VERSION = 16;
const SEGWIT_PROGRAM_BYTES = { min: 2, max: 40 } as const;
const SEGWIT_V0_PROGRAM_BYTES: readonly number[] = [20, 32];

/**
 * A native segwit address for `hrp` per BIP-173 and BIP-350, or null when it does not start
 * with `hrp1`. Version 0 must use bech32 and versions 1 to 16 bech32m.
 */
export function decodeSegwit(address: string, hrp: string): { valid: true } | { valid: false; problem: IdentifierProblem } | null {
  const lower = address.toLowerCase();
  if (!lower.startsWith(hrp + '1')) return null;
  if (address !== lower && address !== address.toUpperCase()) return { valid: false, problem: 'mixed_case' };
  const data = lower.slice(hrp.length + 1);
  if (!BECH32_DATA.test(data) || lower.length > BECH32_MAX_CHARS) return { valid: false, problem: 'checksum' };
  const v0 = bech32.decodeUnsafe(lower, BECH32_MAX_CHARS);
  const v1 = v0 ? undefined : bech32m.decodeUnsafe(lower, BECH32_MAX_CHARS);
  const decoded = v0 ?? v1;
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return { valid: false, problem: 'checksum' };
  const version = decoded.words[0]!;
  // BIP-350: a v0 program under bech32m, or v1+ under bech32, is a checksum failure
  if ((version === 0) !== (v0 !== undefined)) return { valid: false, problem: 'checksum' };
  if (version > SEGWIT_MAX_VERSION) return { valid: false, problem: 'witness_program' };
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program || program.length < SEGWIT_PROGRAM_BYTES.min || program.length > SEGWIT_PROGRAM_BYTES.max) {
    return { valid: false, problem: 'witness_program' };
  }
  if (version === 0 && !SEGWIT_V0_PROGRAM_BYTES.includes(program.length)) return { valid: false, problem: 'witness_program' };
  return { valid: true };
}

function pushSegwit(address: string, hrp: string, kind: IdentifierKind, confidence: Confidence, out: Candidate[]): boolean {
  const result = decodeSegwit(address, hrp);
  if (result === null) return false;
  const canonical = address.toLowerCase(); // bech32 is read without case (BIP-173)
  if (result.valid) out.push({ kind, canonical, valid: true, confidence });
  else out.push({ kind, canonical, valid: false, problem: result.problem, confidence: CONFIDENCE.medium });
  return true;
}

// ---------------------------------------------------------------- Bitcoin, Litecoin

/** The address in a BIP-21 style URI (`bitcoin:<address>?amount=…`), or the text itself. */
function uriAddress(pasted: Pasted, schemes: readonly string[]): string | null {
  if (pasted.scheme === '') return pasted.text;
  if (schemes.includes(pasted.scheme)) return decodeComponent(beforeQuery(pasted.rest));
  // CAIP-10 for UTXO chains: bip122:<genesis hash prefix>:<address>
  if (pasted.scheme === 'bip122') return CAIP10.exec(pasted.rest)?.[1] ?? null;
  return null;
}

const BTC_BASE58 = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
const BTC_VERSIONS = { '1': [0x00], '3': [0x05] } as const; // P2PKH, P2SH
const LTC_BASE58 = /^[LM3][1-9A-HJ-NP-Za-km-z]{25,34}$/;
const LTC_VERSIONS = { L: [0x30], M: [0x32], '3': [0x05] } as const; // P2PKH, P2SH, legacy P2SH

export const readBtc: Reader = (pasted, _known, out) => {
  const address = uriAddress(pasted, ['bitcoin']);
  if (address === null) return;
  if (pushSegwit(address, 'bc', 'btc', CONFIDENCE.high, out)) return;
  if (BTC_BASE58.test(address)) {
    pushBase58Check(address, 'btc', BTC_VERSIONS[address[0] as '1' | '3'], CONFIDENCE.high, out);
  }
};

export const readLtc: Reader = (pasted, _known, out) => {
  const address = uriAddress(pasted, ['litecoin']);
  if (address === null) return;
  if (pushSegwit(address, 'ltc', 'ltc', CONFIDENCE.high, out)) return;
  if (LTC_BASE58.test(address)) {
    // a 3… address is P2SH on both chains: Bitcoin's reading comes first
    const confidence = address[0] === '3' && pasted.scheme !== 'litecoin' ? CONFIDENCE.medium : CONFIDENCE.high;
    pushBase58Check(address, 'ltc', LTC_VERSIONS[address[0] as 'L' | 'M' | '3'], confidence, out);
  }
};

// ---------------------------------------------------------------- Tron, Solana

const TRON = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_VERSION = 0x41;
const SOLANA = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
// a stored value one or a few characters off 32–44 is still read, as invalid
const SOLANA_NEAR = /^[1-9A-HJ-NP-Za-km-z]{28,48}$/;
const SOLANA_KEY_BYTES = 32;

export const readTron: Reader = (pasted, _known, out) => {
  const address = uriAddress(pasted, ['tron']);
  if (address !== null && TRON.test(address)) pushBase58Check(address, 'tron', [TRON_VERSION], CONFIDENCE.high, out);
};

export const readSolana: Reader = (pasted, known, out) => {
  // Solana Pay (solana:<address>?amount=…) and CAIP-10 (solana:<genesis>:<address>)
  let address = pasted.scheme === '' ? pasted.text : pasted.scheme === 'solana' ? beforeQuery(pasted.rest) : null;
  if (address === null) return;
  const caip = CAIP10.exec(address);
  if (caip) address = caip[1]!;
  const shaped = SOLANA.test(address);
  if (!shaped && !(known && SOLANA_NEAR.test(address))) return;
  const bytes = base58.decode(address).length;
  // no checksum: any 32 bytes are a key, so a bare reading ranks below checksummed ones
  const confidence = pasted.scheme === 'solana' ? CONFIDENCE.high : CONFIDENCE.medium;
  if (bytes === SOLANA_KEY_BYTES) out.push({ kind: 'solana', canonical: address, valid: true, confidence });
  else if (known) out.push({ kind: 'solana', canonical: address, valid: false, problem: 'length', confidence: CONFIDENCE.low });
};
