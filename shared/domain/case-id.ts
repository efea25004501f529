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
