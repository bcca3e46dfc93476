import { useEffect, useState } from 'react';
import { Center, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import type { Attachment } from '@mindspend/api-contract';
import { fetchAttachmentFile } from '../../lib/api-routes';

const SIZE = 72;

/**
 * A photo's thumbnail, or a document icon for a PDF. The thumbnail route needs the bearer token,
 * which an <img src> cannot send: it is fetched, shown through a Blob URL, and the URL revoked when
 * the thumbnail leaves the screen (DECISIONS.md #114).
 */
export function AttachmentThumbnail({ attachment }: { attachment: Attachment }) {
  const isPdf = attachment.media_type === 'application/pdf';
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (isPdf) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchAttachmentFile('getAttachmentThumbnail', attachment.id, 'thumbnail.jpg', controller.signal)
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.id, isPdf]);

  if (isPdf) {
    return (
      <ThemeIcon size={SIZE} variant="light" color="red" aria-label="PDF document" role="img">
        <IconFileTypePdf size={36} />
      </ThemeIcon>
    );
  }
  if (url !== null) {
    return <img src={url} alt={`Thumbnail of ${attachment.file_name}`} width={SIZE} height={SIZE} style={{ objectFit: 'cover', borderRadius: 4 }} />;
  }
  return (
    <Center w={SIZE} h={SIZE} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
      {failed ? (
        <Text size="xs" c="dimmed" ta="center" title="The thumbnail could not be loaded">
          <IconPhotoOff size={24} aria-label="No thumbnail" />
        </Text>
      ) : (
        <Loader size="sm" aria-label="Loading thumbnail" />
      )}
    </Center>
  );
}
