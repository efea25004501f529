// The contract between client and server: schemas of every payload (contract/) and the pure
// rules both sides apply (domain/). No I/O, no DOM.
export * from './constants';
export * from './contract/common';
export * from './contract/profile';
export * from './contract/incident';
export * from './contract/scam-submit';
export * from './contract/edit-request';
export * from './contract/removal-request';
export * from './contract/saved-search';
export * from './contract/auth';
export * from './contract/sync';
export * from './contract/admin';
export * from './domain/amount';
export * from './domain/currency';
export * from './domain/bank-accounts';
export * from './domain/case-id';
export * from './domain/status';
export * from './domain/avatar';
export * from './search/facets';
export * from './search/reference';
