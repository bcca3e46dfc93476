import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorList } from '../../components/ErrorList';
import type { Institution } from './api';
import { ENABLE_BANKING_COUNTRIES, enableBankingFailure, listEnableBankingBanks, startEnableBanking } from './enable-banking-api';

/**
 * Linking a European bank through Enable Banking (DECISIONS.md #111): a country, then one of its
 * banks, then "Continue to your bank" sends the person to the bank's own page; the bank sends
 * them back to /institutions/callback. Below, how long each Enable Banking link's access lasts.
 */
export function EnableBankingConnect({ institutions }: { institutions: Institution[] }) {
  const [country, setCountry] = useState<string | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const banks = useQuery({
    queryKey: ['enable-banking-banks', country],
    queryFn: () => listEnableBankingBanks(country ?? ''),
    enabled: country !== null,
    staleTime: 60 * 60_000,
  });

  const continueToBank = async () => {
    if (!country || !bank) return;
    setLeaving(true);
    setErrors([]);
    try {
      const { url } = await startEnableBanking({ country, bank });
      window.location.assign(url);
    } catch (failure) {
      setErrors(enableBankingFailure(failure));
      setLeaving(false);
    }
  };

  const linked = institutions.filter((institution) => institution.provider === 'enable_banking');
  return (
    <Card withBorder radius="lg" p="lg" data-testid="enable-banking-connect">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Link a European bank
        </Title>
        <Text size="sm" c="dimmed">
          Through Enable Banking: you sign in at your bank, which sends you back here. The bank sets how long the access
          lasts; you are asked to renew it before it ends.
        </Text>
        <ErrorList messages={[...errors, ...(banks.isError ? enableBankingFailure(banks.error) : [])]} />
        <Group align="flex-end" grow>
          <Select
            label="Country"
            placeholder="Choose a country"
            data={ENABLE_BANKING_COUNTRIES}
            value={country}
            onChange={(value) => {
              setCountry(value);
              setBank(null);
            }}
            searchable
          />
          <Select
            label="Bank"
            placeholder={banks.isFetching ? 'Loading banks…' : country ? 'Choose your bank' : 'Choose a country first'}
            data={(banks.data?.banks ?? []).map((item) => item.name)}
            value={bank}
            onChange={setBank}
            disabled={!country || banks.isFetching}
            nothingFoundMessage="No bank by that name"
            searchable
          />
        </Group>
        {country && banks.isSuccess && banks.data.banks.length === 0 ? (
          <Text size="sm">Enable Banking lists no banks in this country.</Text>
        ) : null}
        <Group justify="flex-end">
          <Button rightSection={<IconArrowRight size={16} />} disabled={!bank} loading={leaving} onClick={() => void continueToBank()}>
            Continue to your bank
          </Button>
        </Group>
        {linked.map((institution) => (
          <Text key={institution.id} size="sm" data-testid="enable-banking-consent">
            {institution.name}: {consentLine(institution)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

/** "access until 19 May 2027"; the renewal or lapse notice is among the link's notices in the table. */
function consentLine(institution: Institution): string {
  return institution.consent_expires_at
    ? `access until ${new Date(institution.consent_expires_at).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`
    : 'access with no known end';
}
