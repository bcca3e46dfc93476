import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { testUser } from '../../lib/test-user';
import { TimeZoneCard } from './TimeZoneCard';
import { timeZoneChoices } from './time-zones';
import { recordApiCalls } from '../../test/recorded-api';

const api = recordApiCalls();

const renderCard = (zone: string) =>
  render(
    <MantineProvider env="test">
      <TimeZoneCard userId={7} zone={zone} />
    </MantineProvider>,
  );

describe('the time zone setting', () => {
  it('finds a zone by its city, saves it, and says what today is there', async () => {
    api.answer = {
      status: 200,
      body: { user: testUser({ id: 7, time_zone: 'America/Los_Angeles', timezone: -7 }) },
    };
    renderCard('Etc/GMT+8');
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect((select as HTMLInputElement).value).toBe('Etc/GMT+8');
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Los Angeles' } });
    fireEvent.click(await screen.findByRole('option', { name: 'America/Los Angeles' }));
    expect(await screen.findByText(/^Time zone saved: today is \d{4}-\d{2}-\d{2} there\.$/)).toBeTruthy();
    expect(api.calls).toEqual([{ route: 'PATCH /api/users/7', body: { time_zone: 'America/Los_Angeles' } }]);
  });

  it('shows the server’s sentence when it refuses the zone', async () => {
    const refusal =
      'The time zone is not one we know. Choose one from the list, such as America/Los_Angeles or Europe/Berlin.';
    api.answer = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { time_zone: [refusal] } },
    };
    renderCard('UTC');
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Berlin' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText(/Time zone saved/)).toBeNull();
  });
});

describe('the zones offered', () => {
  it('keeps the saved zone and UTC though the browser lists neither, sorted, with spaces for underscores', () => {
    expect(timeZoneChoices('Etc/GMT+8', ['Europe/Berlin', 'America/Los_Angeles'])).toEqual([
      { value: 'America/Los_Angeles', label: 'America/Los Angeles' },
      { value: 'Etc/GMT+8', label: 'Etc/GMT+8' },
      { value: 'Europe/Berlin', label: 'Europe/Berlin' },
      { value: 'UTC', label: 'UTC' },
    ]);
  });
});
