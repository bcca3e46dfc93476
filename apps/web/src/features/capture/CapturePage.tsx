import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Container, FileButton, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import type { ReceiptRead } from '@mindspend/api-contract';
import { Link } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { PageLoader } from '../../components/PageLoader';
import { useAccounts } from '../accounts/api';
import { fileProblemMessages } from '../attachments/api';
import { useEntities } from '../entities/api';
import { ReceiptReview, type CaptureOutcome } from './ReceiptReview';
import { ReceiptReadFailed, readReceiptPhoto } from './receipt-reading';

/** The photos the receipt reader takes (the server decides from the bytes, DECISIONS.md #108). */
const RECEIPT_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

type Phase =
  | { kind: 'choose'; errors: string[] }
  | { kind: 'reading'; photo: File; sent: number }
  | { kind: 'review'; photo: File; read: ReceiptRead | null }
  | { kind: 'done'; outcome: CaptureOutcome };

/**
 * /capture, "Scan a receipt" (issue 33): a photo from the camera or the files, read on the server;
 * then the purchase it prefills, the feeling asked first, and the photo attached to the recorded
 * purchase it matches or to a new one (DECISIONS.md #108, #114).
 */
export function CapturePage() {
  const accounts = useAccounts();
  const entities = useEntities();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose', errors: [] });
  const stop = useRef<AbortController | null>(null);

  const read = async (photo: File | null) => {
    if (photo === null) return;
    const controller = new AbortController();
    stop.current = controller;
    setPhase({ kind: 'reading', photo, sent: 0 });
    try {
      const answer = await readReceiptPhoto(photo, {
        signal: controller.signal,
        onProgress: (sent) => setPhase((current) => (current.kind === 'reading' ? { ...current, sent } : current)),
      });
      setPhase({ kind: 'review', photo, read: answer });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPhase({ kind: 'choose', errors: error instanceof ReceiptReadFailed ? [error.message] : fileProblemMessages(error) });
    }
  };
  // Stop waiting: the photo stays, and the purchase is typed in by hand.
  const typeInstead = () => {
    if (phase.kind !== 'reading') return;
    stop.current?.abort();
    setPhase({ kind: 'review', photo: phase.photo, read: null });
  };
  const ready = !accounts.isPending && !entities.isPending;

  return (
    <Container size="xs" py="lg" data-testid="capture-page">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            Scan a receipt
          </Title>
          <Text c="dimmed" size="sm">
            A photo of the receipt fills in the purchase and is kept with it.
          </Text>
        </div>
        {phase.kind === 'choose' ? (
          <>
            <ErrorList messages={phase.errors} />
            <Stack gap="sm">
              <FileButton onChange={(file) => void read(file)} accept="image/*" capture="environment">
                {(props) => (
                  <Button {...props} size="md" leftSection={<IconCamera size={20} />}>
                    Take a photo
                  </Button>
                )}
              </FileButton>
              <FileButton onChange={(file) => void read(file)} accept={RECEIPT_PHOTO_ACCEPT}>
                {(props) => (
                  <Button {...props} size="md" variant="default" leftSection={<IconPhoto size={20} />}>
                    Choose a picture
                  </Button>
                )}
              </FileButton>
            </Stack>
            <Group justify="space-between">
              <Anchor component={Link} to="/add" size="sm">
                Type it in instead
              </Anchor>
              <Anchor component={Link} to="/ledger" size="sm">
                Open the ledger
              </Anchor>
            </Group>
          </>
        ) : null}
        {phase.kind === 'reading' ? (
          <Stack gap="sm" align="center" role="status" aria-live="polite">
            <Loader />
            <Text>Reading the receipt…</Text>
            {phase.sent < 100 ? <Progress value={phase.sent} w="100%" size="sm" aria-label="Upload progress" /> : null}
            <Text size="xs" c="dimmed" ta="center">
              This takes a few seconds.
            </Text>
            <Button variant="default" onClick={typeInstead}>
              Stop and type it in
            </Button>
          </Stack>
        ) : null}
        {phase.kind === 'review' ? (
          ready ? (
            <ReceiptReview photo={phase.photo} read={phase.read} onDone={(outcome) => setPhase({ kind: 'done', outcome })} />
          ) : (
            <PageLoader />
          )
        ) : null}
        {phase.kind === 'done' ? (
          <Stack gap="sm">
            <Alert color={phase.outcome.photoProblem ? 'yellow' : 'teal'} variant="light" data-testid="capture-done">
              {phase.outcome.message}
            </Alert>
            <ErrorList messages={phase.outcome.photoProblem ?? []} />
            <Group justify="space-between">
              <Anchor component={Link} to={`/ledger/edit-transaction/${phase.outcome.transactionId}`} size="sm">
                Open the purchase
              </Anchor>
              <Button variant="default" onClick={() => setPhase({ kind: 'choose', errors: [] })}>
                Scan another receipt
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Container>
  );
}
