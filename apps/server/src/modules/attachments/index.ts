/**
 * What the attachments module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 */
export type { AttachmentStore } from './attachment-store';
export { attachmentStoreFor } from './store-for-config';
