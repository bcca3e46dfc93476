import { useEffect, useRef, useState } from 'react';
import { Box, Input, Loader } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripeFrom, STRIPE_LOAD_ERROR } from './stripe-card';

export interface MountedCard {
  stripe: Stripe;
  element: StripeCardElement;
}

interface StripeCardFieldProps {
  jsUrl: string;
  publishableKey: string;
  disabled: boolean;
  /** The element once it is mounted, null once it is gone. */
  onMounted: (card: MountedCard | null) => void;
  /** Stripe.js's own message about what is typed ('Your card number is invalid.'), or null. */
  onProblem: (message: string | null) => void;
}

/**
 * Stripe's card element (number, expiry, security code) in a box that looks like the form's other
 * inputs (DECISIONS.md #30). What is typed in it goes to Stripe; the page never reads it.
 */
export function StripeCardField({
  jsUrl,
  publishableKey,
  disabled,
  onMounted,
  onProblem,
}: StripeCardFieldProps) {
  const target = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The latest callbacks, without remounting Stripe's element each time the form re-renders.
  const callbacks = useRef({ onMounted, onProblem });
  useEffect(() => {
    callbacks.current = { onMounted, onProblem };
  });

  useEffect(() => {
    let gone = false;
    loadStripeFrom(jsUrl, publishableKey)
      .then((stripe) => {
        if (gone || !target.current) return;
        // The postal code is the form's own field (spec §2.2), so the element does not ask again.
        // Stripe's frame cannot read our CSS variables: it gets the form's resolved font and colour.
        const looks = getComputedStyle(target.current);
        const card = stripe.elements().create('card', {
          hidePostalCode: true,
          disabled,
          style: { base: { fontSize: '14px', fontFamily: looks.fontFamily, color: looks.color } },
        });
        card.on('change', (event) => callbacks.current.onProblem(event.error?.message ?? null));
        card.mount(target.current);
        element.current = card;
        setState('ready');
        callbacks.current.onMounted({ stripe, element: card });
      })
      .catch(() => {
        if (gone) return;
        setState('failed');
        callbacks.current.onProblem(STRIPE_LOAD_ERROR);
      });
    return () => {
      gone = true;
      element.current?.destroy();
      element.current = null;
      callbacks.current.onMounted(null);
    };
    // `disabled` is applied by the effect below; the element is made once per key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jsUrl, publishableKey]);

  useEffect(() => {
    element.current?.update({ disabled });
  }, [disabled, state]);

  return (
    <Input.Wrapper
      label="Card"
      description="Card number, expiry and security code go straight to Stripe, never to Mindspend."
    >
      <Box
        data-testid="stripe-card"
        mt={4}
        px="sm"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-default)',
          minHeight: 36,
          display: 'flex',
          alignItems: 'center',
          opacity: disabled ? 0.6 : 1,
          background: disabled ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
        }}
      >
        {state === 'loading' ? <Loader size="xs" aria-label="Loading the secure card field" /> : null}
        <div ref={target} style={{ flex: 1, display: state === 'ready' ? 'block' : 'none' }} />
      </Box>
    </Input.Wrapper>
  );
}
