import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface ErrorListProps {
  messages: string[];
  title?: string;
}

/** The error lists of spec §8: each message on its own line, nothing when empty. */
export function ErrorList({ messages, title }: ErrorListProps) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title} role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm" spacing={2}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
