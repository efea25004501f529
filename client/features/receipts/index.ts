// /receipts/:token (issue 20): what became of a submission; /sent: what this device sent.
export { ReceiptPage } from './ReceiptPage';
export { SentPage } from './SentPage';
