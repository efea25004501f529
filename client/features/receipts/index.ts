// /receipts/:token (issue 20): what became of a submission.
export { ReceiptPage } from './ReceiptPage';
