/**
 * Attachments on transactions (issue 33, DECISIONS.md #107): receipt photos and PDF documents.
 * A file's type is decided from its bytes on the server; these are the shapes of its answers and
 * the sentences its refusals say.
 */
import { z } from 'zod';

/** The kinds of file kept: images (re-encoded without EXIF) and PDF documents. */
export const ATTACHMENT_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
/** Files on one transaction: enough for a receipt, its invoice and a warranty; more is a mistake. */
export const MAX_ATTACHMENTS_PER_TRANSACTION = 20;
/** What the file picker offers (the server still decides from the bytes). */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';

export const ATTACHMENT_MESSAGES = {
  fileRequired: 'Choose a file to attach: a photo (JPEG, PNG, WebP) or a PDF.',
  empty: 'The file is empty.',
  unsupported:
    'Only photos (JPEG, PNG, WebP) and PDF documents can be attached; this file is not one of them.',
  heicUnreadable:
    'This HEIC photo cannot be read on this server; save it as JPEG (most phones can) and attach that.',
  unreadableImage: 'This image is damaged or not a complete image, so it was not attached.',
  pdfScript:
    'This PDF contains JavaScript, which Mindspend does not keep; print it to a new PDF and attach that.',
  tooMany: `A transaction can have at most ${MAX_ATTACHMENTS_PER_TRANSACTION} attachments; remove one first.`,
  truncated: 'The upload was cut off before its end; nothing was attached. Please try again.',
  notFound: 'Attachment not found.',
} as const;

/** The refusal of a file over ATTACHMENT_MAX_MB. */
export function attachmentTooLargeMessage(maxMb: number): string {
  return `A file may be at most ${maxMb} MB; nothing was attached.`;
}

export const attachmentSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  file_name: z.string(),
  media_type: z.enum(ATTACHMENT_MEDIA_TYPES),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentsResponse = z.object({ attachments: z.array(attachmentSchema) });
export type AttachmentsResponse = z.infer<typeof attachmentsResponse>;
