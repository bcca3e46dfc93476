import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Connect with no bank-linking provider configured (DECISIONS.md #8): says so, points to file import. */
export function ProviderMissingNotice({ onClose }: { onClose: () => void }) {
  return (
    // An Alert: Notification's CSS loads only with the toasts (DECISIONS.md #110).
    <Alert
      icon={<IconInfoCircle size={20} />}
      color="blue"
      variant="light"
      title="Bank linking is not set up"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      data-testid="institutions-notice"
    >
      Linking a bank needs a bank-linking provider, which the administrator of this Mindspend server
      has not configured. You can still bring in transactions at any time with a CSV or OFX file
      from{' '}
      <Anchor component={Link} to="/import-transactions">
        Import Transactions
      </Anchor>
      .
    </Alert>
  );
}
