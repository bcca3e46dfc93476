import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, Card, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconDownload, IconPlugConnected } from '@tabler/icons-react';
import { ErrorList } from '../../components/ErrorList';
import { useInstitutions } from './api';
import { ImportResultAlert } from './ImportResultAlert';
import { InstitutionsTable } from './InstitutionsTable';
import { LoadErrorCard } from './LoadErrorCard';
import { ProviderMissingNotice } from './ProviderMissingNotice';
import { EnableBankingConnect } from './EnableBankingConnect';
import { SimplefinLinkForm } from './SimplefinLinkForm';
import { useBankImport } from './use-bank-import';
import { useLinkFlow } from './use-link-flow';

/** Connected Institutions (spec §2.2, DECISIONS.md #8, #106): Plaid's Connect, SimpleFIN's setup token, each link's syncs. */
export function ConnectedInstitutionsPage() {
  const query = useInstitutions();
  const [providerMissing, setProviderMissing] = useState(false);
  // A bank linked through Enable Banking comes back here with its sentence (EnableBankingCallbackPage).
  const arrived: unknown = useLocation().state;
  const [linked, setLinked] = useState<string | null>(() => linkedSentence(arrived));
  const link = useLinkFlow(setLinked);
  const institutions = query.data?.institutions ?? [];
  // A 403 from an import starts Plaid's re-link; a SimpleFIN link is linked again with a new token.
  const relink = (id: number) =>
    institutions.find((institution) => institution.id === id)?.provider === 'simplefin' ? Promise.resolve(false) : link.relink(id);
  const bankImport = useBankImport(relink);

  // Connect opens Plaid's Link; without Plaid it says how else to link or bring transactions in:
  // the SimpleFIN form below on a server that offers it (on SQLite it always does), or a file.
  const plaidConfigured = query.data?.providers.includes('plaid') ?? false;
  const simplefinConfigured = query.data?.providers.includes('simplefin') ?? false;
  const configured = query.data?.provider_configured ?? false;
  const connect = () => {
    setLinked(null);
    if (plaidConfigured) void link.connect();
    else setProviderMissing(true);
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group gap="sm">
          <IconBuildingBank size={30} />
          <Title order={1}>Connected Institutions</Title>
        </Group>
        {providerMissing ? <ProviderMissingNotice simplefin={simplefinConfigured} onClose={() => setProviderMissing(false)} /> : null}
        {linked ? (
          // An Alert, not a Notification: Notification's CSS loads only with the toasts (DECISIONS.md #110).
          <Alert
            icon={<IconCircleCheck size={20} />}
            color="teal"
            variant="light"
            title="Bank connected"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setLinked(null)}
            role="status"
            data-testid="institutions-success"
          >
            {linked}
          </Alert>
        ) : null}
        <ErrorList messages={[...bankImport.errors, ...link.errors]} />
        {bankImport.result ? <ImportResultAlert result={bankImport.result} onClose={bankImport.dismiss} /> : null}
        {query.isError ? (
          <LoadErrorCard retrying={query.isFetching} onRetry={() => void query.refetch()} />
        ) : (
          <Card withBorder radius="lg" p="lg">
            {query.isPending ? (
              <Skeleton h={120} />
            ) : (
              <InstitutionsTable
                institutions={institutions}
                linkBusy={link.busy}
                onRelink={(id) => void link.relink(id)}
                syncBusy={bankImport.busy}
                onSyncNow={(id) => {
                  setLinked(null);
                  void bankImport.runImport(id);
                }}
              />
            )}
            <Group justify="flex-end" mt="md">
              {configured && institutions.length > 0 ? (
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={bankImport.busy === 'all'}
                  disabled={link.busy !== null || bankImport.busy !== null}
                  onClick={() => void bankImport.runImport()}
                >
                  Import new transactions
                </Button>
              ) : null}
              {/* The spec's Connect (§2.2): Plaid's Link when Plaid is configured, else the way in words. */}
              <Button
                leftSection={<IconPlugConnected size={16} />}
                disabled={query.isPending || (link.busy !== null && link.busy.kind !== 'connect')}
                loading={link.busy?.kind === 'connect'}
                onClick={connect}
              >
                Connect
              </Button>
            </Group>
          </Card>
        )}
        {simplefinConfigured ? <SimplefinLinkForm onLinked={setLinked} /> : null}
        {query.data?.providers.includes('enable_banking') ? <EnableBankingConnect institutions={institutions} /> : null}
      </Stack>
    </Container>
  );
}

function linkedSentence(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('linked' in state)) return null;
  return typeof state.linked === 'string' ? state.linked : null;
}
