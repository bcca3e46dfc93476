import { useState } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Attachment } from '@mindspend/api-contract';
import { ConfirmRemove } from '../../components/ConfirmRemove';
import { downloadAttachment } from '../../lib/api-routes';
import { AttachmentThumbnail } from './AttachmentThumbnail';
import { fileProblemMessages, fileSizeText } from './api';

interface AttachmentRowProps {
  attachment: Attachment;
  confirming: boolean;
  removing: boolean;
  onAskRemove: () => void;
  onKeep: () => void;
  onRemove: () => void;
  onError: (messages: string[]) => void;
}

/** One attached file: its thumbnail or document icon, its name to download it by, and Remove. */
export function AttachmentRow({ attachment, confirming, removing, onAskRemove, onKeep, onRemove, onError }: AttachmentRowProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAttachment(attachment.id, attachment.file_name);
    } catch (error) {
      onError(fileProblemMessages(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li data-testid="attachment">
      <Group gap="sm" wrap="nowrap" align="center">
        <AttachmentThumbnail attachment={attachment} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component="button" type="button" size="sm" onClick={() => void download()} disabled={downloading} ta="left" style={{ overflowWrap: 'anywhere' }}>
            {attachment.file_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {attachment.media_type === 'application/pdf' ? 'PDF document' : 'Photo'} · {fileSizeText(attachment.size_bytes)}
            {downloading ? ' · downloading…' : ''}
          </Text>
        </Stack>
        <Tooltip label="Remove this file">
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${attachment.file_name}`} onClick={onAskRemove} disabled={confirming || removing}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {confirming ? (
        <ConfirmRemove message={`Remove ${attachment.file_name}? The file will be deleted.`} busy={removing} onKeep={onKeep} onConfirm={onRemove} />
      ) : null}
    </li>
  );
}
