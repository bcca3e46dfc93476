import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** A green confirmation line (e.g. 'Reset password email sent successfully.'). */
export function SuccessNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
      {message}
    </Alert>
  );
}
