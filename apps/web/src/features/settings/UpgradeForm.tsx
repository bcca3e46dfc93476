import { useState, type FormEvent } from 'react';
import { Button, Collapse, Divider, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { hasErrors, localDate, validatePayment, type FieldErrors } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useSession } from '../../lib/use-session';
import { PaymentErrorBox } from '../auth/PaymentErrorBox';
import { PaymentFields } from '../auth/PaymentFields';
import {
  EMPTY_PAYMENT,
  PAYMENT_INLINE_FIELDS,
  messagesOutside,
  paymentBody,
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

  const show = (fieldErrors: FieldErrors) => {
    const split = splitPaymentErrors(fieldErrors);
    setErrors(split.other);
    setPaymentErrors(split.payment);
    setFailure(messagesOutside(split.other, PAYMENT_INLINE_FIELDS));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = paymentBody(values);
    const clientErrors = validatePayment(body, localDate(new Date(), user?.timezone ?? 0));
    show(clientErrors);
    if (hasErrors(clientErrors)) return;
    setWorking(true);
    try {
      const sub = await upgradeSubscription(body);
      queryClient.setQueryData(subscriptionQueryKey, sub);
      await refreshUser().catch(() => undefined);
    } catch (error) {
      if (error instanceof ApiError && hasErrors(error.fieldErrors)) show(error.fieldErrors);
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
        Upgrade to <b>Transaction Imports</b> for $9.99/month: automatic bank transaction imports and categorization.
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
            <PaymentErrorBox messages={paymentErrors} />
            <PaymentFields values={values} onChange={setValues} errors={errors} disabled={working} />
            <Button type="submit" loading={working} w="fit-content">
              Upgrade to Transaction Imports
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
}
