import { useRef, useState } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS_PER_TRANSACTION, type Attachment } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { AttachmentRow } from './AttachmentRow';
import { fileProblemMessages, removeAttachment, uploadAttachments, useAttachments } from './api';

/**
 * Edit Transaction's attachments (issue 33; DECISIONS.md #114): receipts and documents, each with
 * its thumbnail, a download and a removal asked twice; files added through the picker, several at a
 * time, with the upload's progress. The server decides what a file is and says why it refuses one.
 */
export function AttachmentsSection({ transactionId }: { transactionId: number }) {
  const attachments = useAttachments(transactionId);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const list = attachments.data?.attachments ?? [];

  const add = async (files: File[]) => {
    resetPicker.current?.();
    if (files.length === 0) return;
    setErrors([]);
    setProgress(0);
    try {
      await uploadAttachments(transactionId, files, setProgress);
    } catch (error) {
      setErrors(fileProblemMessages(error));
    } finally {
      setProgress(null);
    }
  };
  const remove = async (attachment: Attachment) => {
    setRemoving(true);
    setErrors([]);
    try {
      await removeAttachment(attachment);
      setConfirming(null);
    } catch (error) {
      setErrors(fileProblemMessages(error));
    } finally {
      setRemoving(false);
    }
  };

  const uploading = progress !== null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="attachments-title" data-testid="attachments-section">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="md" id="attachments-title">
          Attachments{list.length > 0 ? ` (${list.length})` : ''}
        </Title>
        <FileButton onChange={(files) => void add(files)} accept={ATTACHMENT_ACCEPT} multiple resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              leftSection={<IconPaperclip size={14} />}
              loading={uploading}
              disabled={list.length >= MAX_ATTACHMENTS_PER_TRANSACTION}
            >
              Add files
            </Button>
          )}
        </FileButton>
      </Group>
      <ErrorList messages={errors} />
      {uploading ? <Progress value={progress} size="sm" aria-label="Upload progress" animated /> : null}
      {attachments.isError ? <ErrorList messages={fileProblemMessages(attachments.error)} /> : null}
      {attachments.isPending ? (
        <Text size="sm" c="dimmed">
          Loading attachments…
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No receipts or documents yet: add a photo (JPEG, PNG, WebP) or a PDF.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Attached files">
          {list.map((attachment) => (
            <AttachmentRow
              key={attachment.id}
              attachment={attachment}
              confirming={confirming === attachment.id}
              removing={removing}
              onAskRemove={() => setConfirming(attachment.id)}
              onKeep={() => setConfirming(null)}
              onRemove={() => void remove(attachment)}
              onError={setErrors}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
