import { List, Stack, Text } from '@mantine/core';
import type { PauseForecast } from '@mindspend/api-contract';
import { forecastSentence } from '@mindspend/domain';
import { basisLine, expectedRegretText } from './pause-text';

interface PauseForecastViewProps {
  forecast: PauseForecast;
}

/**
 * A pause's forecast in plain words (issue 31): the sentence, the expected regret when there is
 * enough history, and what it rests on in small print, so a figure is never shown without its basis.
 */
export function PauseForecastView({ forecast }: PauseForecastViewProps) {
  const regret = expectedRegretText(forecast);
  return (
    <Stack gap={4} data-testid="pause-forecast">
      <Text size="sm" data-testid="pause-forecast-sentence">
        {forecastSentence(forecast)}
      </Text>
      {regret ? (
        <Text size="sm" fw={700} data-testid="pause-expected-regret">
          {regret}
        </Text>
      ) : null}
      {forecast.basis.length > 0 ? (
        <List size="xs" c="dimmed" spacing={0} aria-label="What the forecast rests on">
          {forecast.basis.map((line) => (
            <List.Item key={`${line.kind}-${line.label}`}>{basisLine(line)}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
