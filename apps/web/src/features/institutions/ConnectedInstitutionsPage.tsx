import { useState } from 'react';
import { Anchor, Button, Card, Container, Group, Notification, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInstitutions } from './api';
import { InstitutionsTable } from './InstitutionsTable';

/** Connected Institutions (spec §2.2, DECISIONS.md #8). */
export function ConnectedInstitutionsPage() {
  const query = useInstitutions();
  const [notice, setNotice] = useState(false);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group gap="sm">
          <IconBuildingBank size={30} />
          <Title order={1}>Connected Institutions</Title>
        </Group>
        {notice ? (
          <Notification
            icon={<IconInfoCircle size={20} />}
            color="blue"
            title="Bank linking is not set up"
            onClose={() => setNotice(false)}
            withBorder
            data-testid="institutions-notice"
          >
            Linking a bank needs a bank-linking provider, which the administrator of this Mindspend
            server has not configured. You can still bring in transactions at any time with a CSV or
            OFX file from{' '}
            <Anchor component={Link} to="/import-transactions">
              Import Transactions
            </Anchor>
            .
          </Notification>
        ) : null}
        {query.isError ? (
          <Card withBorder radius="lg" p="lg" bg="red.0" data-testid="institutions-error">
            <Group gap="sm" wrap="nowrap">
              <IconAlertTriangle color="var(--mantine-color-red-7)" />
              <div>
                <Text fw={700}>Could not load your connected institutions</Text>
                <Text size="sm" c="dimmed">
                  Something went wrong while loading them. Please try again.
                </Text>
              </div>
              <Button variant="light" color="red" ml="auto" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </Group>
          </Card>
        ) : (
          <Card withBorder radius="lg" p="lg">
            {query.isPending ? <Skeleton h={120} /> : <InstitutionsTable institutions={query.data?.institutions ?? []} />}
            <Group justify="flex-end" mt="md">
              <Button
                leftSection={<IconPlugConnected size={16} />}
                disabled={query.isPending}
                onClick={() => {
                  // With a provider configured, the link flow of a later issue starts here.
                  if (!query.data?.provider_configured) setNotice(true);
                }}
              >
                Connect
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
