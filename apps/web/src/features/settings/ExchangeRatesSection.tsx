import { useState } from 'react';
import { ActionIcon, Badge, Card, ScrollArea, Select, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FxRate } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { currencyChoices } from '../../lib/currency-choices';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useCurrentBook } from '../books/api';
import { ManualRateForm } from './ManualRateForm';
import { removeFxRate, useFxRates } from './fx-rates-api';

const ALL = 'all';

/**
 * Settings → Exchange rates (issue 27, DECISIONS.md #87): the current book's rates of the last 30
 * days in its base currency — the ECB's, and the members' own, which win on their day — and, for
 * editors and owners, entering or removing their own.
 */
export function ExchangeRatesSection() {
  const book = useCurrentBook();
  const [currency, setCurrency] = useState<string>(ALL);
  const rates = useFxRates(book?.base_currency, currency === ALL ? null : currency);
  const [errors, setErrors] = useState<string[]>([]);
  const canWrite = book !== undefined && book.role !== 'viewer';
  const base = book?.base_currency;

  const remove = async (rate: FxRate) => {
    setErrors([]);
    try {
      await removeFxRate(rate.currency, rate.date);
    } catch (failure) {
      setErrors(failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
    }
  };

  const list = rates.data?.rates ?? [];
  return (
    <Card withBorder radius="lg" p="lg" data-testid="exchange-rates-section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" mb={6}>
            Exchange rates
          </Title>
          <Text size="sm" c="dimmed">
            How much of {book ? `${book.name}'s` : 'the book’s'} base currency{base ? ` (${base})` : ''} one unit of
            another currency was worth each day: the European Central Bank&apos;s reference rates when the server fetches
            them, or your own, which win on their day. A day without a rate uses the latest earlier one.
          </Text>
        </div>
        {canWrite && base && <ManualRateForm baseCurrency={base} />}
        <Select
          label="Show"
          data={[{ value: ALL, label: 'Every currency' }, ...currencyChoices().filter((choice) => choice.value !== base)]}
          value={currency}
          onChange={(value) => setCurrency(value ?? ALL)}
          searchable
          allowDeselect={false}
          maw={320}
        />
        {rates.isPending && <Skeleton h={96} radius="md" />}
        {rates.isError && <ErrorList messages={['The exchange rates could not be loaded. Please reload the page.']} />}
        {rates.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            No rates from {rates.data.from} to {rates.data.to}
            {canWrite ? ': enter one above.' : '.'}
          </Text>
        )}
        {list.length > 0 && (
          <ScrollArea.Autosize mah={360} type="auto">
            <Table striped aria-label="Exchange rates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th ta="right">Rate in {base}</Table.Th>
                  <Table.Th>Source</Table.Th>
                  {canWrite && <Table.Th>Remove</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((rate) => (
                  <Table.Tr key={`${rate.currency} ${rate.date}`}>
                    <Table.Td>{rate.date}</Table.Td>
                    <Table.Td>{rate.currency}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {rate.rate}
                    </Table.Td>
                    <Table.Td>
                      {rate.source === 'manual' ? (
                        <Tooltip label={rate.ecb_rate ? `The ECB's that day: ${rate.ecb_rate}` : 'The ECB gave none that day'}>
                          <Badge variant="light" color="grape">
                            Yours
                          </Badge>
                        </Tooltip>
                      ) : (
                        <Badge variant="light" color="gray">
                          ECB
                        </Badge>
                      )}
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        {rate.source === 'manual' && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => void remove(rate)}
                            aria-label={`Remove your ${rate.currency} rate of ${rate.date}`}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <ErrorList messages={errors} />
      </Stack>
    </Card>
  );
}
