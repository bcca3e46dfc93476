/**
 * A transaction's attachments (issue 33; DECISIONS.md #107, #114): the list, uploads with their
 * progress, removal, and the words of the server's refusals.
 */
import { useQuery } from '@tanstack/react-query';
import type { Attachment } from '@mindspend/api-contract';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { uploadForm } from '../../lib/upload';

export const attachmentKeys = {
  all: ['attachments'] as const,
  ofTransaction: (transactionId: number) => ['attachments', 'transaction', transactionId] as const,
};

export function useAttachments(transactionId: number) {
  return useQuery({
    queryKey: attachmentKeys.ofTransaction(transactionId),
    queryFn: () => callApi('listAttachments', { params: { id: transactionId } }),
  });
}

/** Sends `files` as `file` parts of one request; resolves with the transaction's whole list after it. */
export async function uploadAttachments(transactionId: number, files: readonly File[], onProgress?: (percent: number) => void): Promise<Attachment[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const answer = await uploadForm('addAttachments', form, { params: { id: transactionId }, onProgress });
  queryClient.setQueryData(attachmentKeys.ofTransaction(transactionId), answer);
  return answer.attachments;
}

export async function removeAttachment(attachment: Attachment): Promise<void> {
  await callApi('deleteAttachment', { params: { id: attachment.id } });
  await queryClient.invalidateQueries({ queryKey: attachmentKeys.ofTransaction(attachment.transaction_id) });
}

/**
 * What a failed file request says to the person. The attachment and receipt routes answer their
 * refusals (400 cut short, 404, 413 too large, 422 not a photo or PDF, 503 busy) with a sentence in
 * `message` (packages/api-contract attachments.ts, receipts.ts): that sentence is shown, where spec
 * §8's catalogue would say only 'Unexpected error occurred.' for anything but a 422.
 */
export function fileProblemMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [UNEXPECTED_ERROR];
  if (error.status === 422) return error.messages;
  if (error.serverMessage && ((error.status >= 400 && error.status < 500) || error.status === 503)) return [error.serverMessage];
  return error.messages;
}

/** "1.2 MB", "840 KB": a file's size as a person reads it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
