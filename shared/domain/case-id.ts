import { CASE_ID_PAD, REMOVAL_CASE_YEAR } from '../constants';

const pad = (id: number) => String(id).padStart(CASE_ID_PAD, '0');

/** product.md#constants: removal and displayed case ids, BUSTR-2025-{id padded to 4}. */
export function caseId(id: number): string {
  return `BUSTR-${REMOVAL_CASE_YEAR}-${pad(id)}`;
}

/** product.md#calls: edit request case ids, EDITREQ-{year}-{id padded to 4}. */
export function editRequestCaseId(id: number, year: number = new Date().getFullYear()): string {
  return `EDITREQ-${year}-${pad(id)}`;
}

export const CASE_ID_PATTERN = /^BUSTR-\d{4}-\d{4,}$/;
export const EDIT_CASE_ID_PATTERN = /^EDITREQ-\d{4}-\d{4,}$/;

// a case id as people type or paste it: any case, with or without the padding or a '#'
const PASTED_CASE_ID = /^#?\s*bustr-(\d{4})-(\d{1,9})$/i;

/** A pasted case id in its canonical form (`bustr-2025-7` → `BUSTR-2025-0007`), or null. */
export function readCaseId(text: string): string | null {
  const m = PASTED_CASE_ID.exec(text.trim());
  return m === null ? null : `BUSTR-${m[1]!}-${pad(Number(m[2]))}`;
}
