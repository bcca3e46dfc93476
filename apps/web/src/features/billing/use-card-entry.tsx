/**
 * The card part of the paid-plan forms (registration and Settings' upgrade), as the server asks
 * (DECISIONS.md #30): with Stripe, Stripe's card element and a `tokenize` that turns the card into
 * the `stripe_token`; with the local provider, our own card fields.
 */
import { Loader } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useBillingConfig } from './api';
import { StripeCardField, type MountedCard } from './StripeCardField';
import { CardTokenError, STRIPE_LOAD_ERROR, tokenizeCard, type CardHolder } from './stripe-card';

export const BILLING_CONFIG_ERROR = 'Payment could not be set up. Please reload the page and try again.';

export interface CardEntry {
  /** `own-fields` until the server says otherwise: the local provider's form works offline. */
  mode: 'loading' | 'own-fields' | 'stripe' | 'unavailable';
  /**
   * What PaymentFields shows in place of our card number, security code and expiration: Stripe's
   * card element, a loader while the server has not said which provider it uses, or `undefined`
   * for our own fields (the local provider).
   */
  cardField: ReactNode | undefined;
  /** What Stripe.js says about the card as it is typed, for the payment-error box. */
  problem: string | null;
  /** Stripe mode: the PaymentMethod id for `stripe_token`, or a CardTokenError with Stripe's message. */
  tokenize: (holder: CardHolder) => Promise<string>;
}

export function useCardEntry(disabled: boolean): CardEntry {
  const config = useBillingConfig();
  const mounted = useRef<MountedCard | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onMounted = useCallback((card: MountedCard | null) => {
    mounted.current = card;
  }, []);

  const tokenize = useCallback(async (holder: CardHolder) => {
    if (!mounted.current) throw new CardTokenError(STRIPE_LOAD_ERROR);
    return tokenizeCard(mounted.current.stripe, mounted.current.element, holder);
  }, []);

  const data = config.data;
  const waiting = <Loader size="sm" aria-label="Loading the payment form" />;
  if (config.isError)
    return { mode: 'unavailable', cardField: waiting, problem: BILLING_CONFIG_ERROR, tokenize };
  if (!data) return { mode: 'loading', cardField: waiting, problem: null, tokenize };
  if (data.provider === 'local') return { mode: 'own-fields', cardField: undefined, problem: null, tokenize };
  return {
    mode: 'stripe',
    cardField: (
      <StripeCardField
        jsUrl={data.js_url}
        publishableKey={data.publishable_key}
        disabled={disabled}
        onMounted={onMounted}
        onProblem={setProblem}
      />
    ),
    problem,
    tokenize,
  };
}
