import { Alert, List } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';

/** The payment-error box of spec §8: card problems, shown above the card fields. */
export function PaymentErrorBox({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="outline" icon={<IconCreditCardOff />} title="Payment error" role="alert" data-testid="payment-error">
      <List size="sm" spacing={2}>
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
