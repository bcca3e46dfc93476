/**
 * What the attachments module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export type { AttachmentStore } from './attachment-store';
export { attachmentStoreFor } from './store-for-config';
// The backup zip's restore (DECISIONS.md #113) stores files as an upload does.
export { isStoredFileOf } from './file-inspection';
export { newFileKey } from './storage-keys';
