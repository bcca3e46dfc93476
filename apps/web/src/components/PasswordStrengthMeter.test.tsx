import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { guessableWords, passwordStrength } from '../lib/password-strength';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

afterEach(cleanup);

const renderMeter = (password: string, hints: string[] = []) =>
  render(
    <MantineProvider>
      <PasswordStrengthMeter password={password} hints={hints} />
    </MantineProvider>,
  );

describe('the password strength meter (DECISIONS.md #92)', () => {
  it('rates a listed password very weak and a four-word passphrase strong', async () => {
    expect(await passwordStrength('Password1')).toBe(0);
    expect(await passwordStrength('correct horse battery staple 9')).toBeGreaterThanOrEqual(3);
  });

  it('counts the e-mail address typed in the form as guessable', async () => {
    expect(await passwordStrength('zorbatroncle1815')).toBe(4);
    expect(await passwordStrength('zorbatroncle1815', ['zorbatroncle@example.com'])).toBeLessThan(3);
    expect(guessableWords([' Ada.Lovelace@example.com'])).toEqual(
      expect.arrayContaining(['ada.lovelace@example.com', 'ada.lovelace', 'ada', 'lovelace', 'example']),
    );
  });

  it('shows nothing before anything is typed', () => {
    renderMeter('');
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });

  it('names the strength in words beside the bar, with advice while it is weak', async () => {
    renderMeter('Password1');
    expect(await screen.findByText(/Password strength: Very weak/)).toBeTruthy();
    expect(screen.getByText(/a few unrelated words make a strong password/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Password strength: Very weak' })).toBeTruthy();
    cleanup();
    renderMeter('correct horse battery staple 9');
    expect(await screen.findByText(/Password strength: (Strong|Very strong)$/)).toBeTruthy();
  });
});
