import { useState, type FormEvent } from 'react';
import { Button, Collapse, Divider, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { UpgradeBody } from '@mindspend/api-contract';
import { DEFAULT_TIME_ZONE, hasErrors, localDateIn, validatePayment, type FieldErrors } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { CardTokenError } from '../billing/stripe-card';
import { useCardEntry } from '../billing/use-card-entry';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useSession } from '../../lib/use-session';
import { PaymentErrorBox } from '../auth/PaymentErrorBox';
import { PaymentFields } from '../auth/PaymentFields';
import {
  EMPTY_PAYMENT,
  PAYMENT_INLINE_FIELDS,
  cardHolderBody,
  checkBeforeTokenizing,
  messagesOutside,
  paymentBody,
  paymentBoxMessages,
  splitPaymentErrors,
  type PaymentValues,
} from '../auth/payment-form';
import { refreshUser, subscriptionQueryKey, upgradeSubscription } from './api';

/** Free plan → Transaction Imports, with a card or a promo code (DECISIONS.md #7, #10). */
export function UpgradeForm() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<PaymentValues>(EMPTY_PAYMENT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [paymentErrors, setPaymentErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string[]>([]);
  const [working, setWorking] = useState(false);
  // The same card path as sign-up: with Stripe, Stripe's element and a token (DECISIONS.md #30).
  const card = useCardEntry(working || values.promo);
  const stripe = card.mode === 'stripe';

  const show = (fieldErrors: FieldErrors) => {
    const split = splitPaymentErrors(fieldErrors);
    setErrors(split.other);
    setPaymentErrors(split.payment);
    setFailure(messagesOutside(split.other, PAYMENT_INLINE_FIELDS));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const today = localDateIn(user?.time_zone ?? DEFAULT_TIME_ZONE, new Date());
    const tokenized = stripe && !values.promo;
    const body: UpgradeBody = stripe ? cardHolderBody(values) : paymentBody(values);
    const clientErrors = tokenized
      ? checkBeforeTokenizing(body, (pending) => validatePayment(pending, today))
      : validatePayment(body, today);
    show(clientErrors);
    if (hasErrors(clientErrors)) return;
    if (!values.promo && (card.mode === 'loading' || card.mode === 'unavailable')) {
      setPaymentErrors([card.problem ?? 'The payment form is still loading. Please try again in a moment.']);
      return;
    }
    setWorking(true);
    try {
      if (tokenized) {
        body.stripe_token = await card.tokenize({
          name: `${values.first_name} ${values.last_name}`.trim(),
          postalCode: values.postal,
        });
      }
      const sub = await upgradeSubscription(body);
      queryClient.setQueryData(subscriptionQueryKey, sub);
      await refreshUser().catch(() => undefined);
    } catch (error) {
      if (error instanceof CardTokenError) {
        show({});
        setPaymentErrors([error.message]);
      } else if (error instanceof ApiError && hasErrors(error.fieldErrors)) show(error.fieldErrors);
      else {
        show({});
        setFailure(error instanceof ApiError ? error.messages : [UNEXPECTED_ERROR]);
      }
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack gap="sm">
      <Divider />
      <Text size="sm">
        Upgrade to <b>Transaction Imports</b> for $9.99/month: automatic bank transaction imports and
        categorization.
      </Text>
      {open ? null : (
        <Button leftSection={<IconRocket size={16} />} onClick={() => setOpen(true)} w="fit-content">
          Upgrade
        </Button>
      )}
      <Collapse expanded={open}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <ErrorList messages={failure} />
            <PaymentErrorBox messages={paymentBoxMessages(paymentErrors, card.problem)} />
            <PaymentFields
              values={values}
              onChange={setValues}
              errors={errors}
              disabled={working}
              cardField={card.cardField}
            />
            {working && stripe && !values.promo ? (
              <Text size="sm" c="teal" fw={600} role="status">
                Processing payment.
              </Text>
            ) : null}
            <Button type="submit" loading={working} w="fit-content">
              Upgrade to Transaction Imports
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}
