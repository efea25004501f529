// What the app shell shows on every page about the local-first layer (client/local).
export { StatusBar } from './StatusBar';
export { PendingControl } from './PendingControl';
export { UpdateToast } from './UpdateToast';
export { StorageWarning } from './StorageWarning';
export { Notice } from './Notice';
export { OfflineDetailsSetting } from './OfflineDetailsSetting';
