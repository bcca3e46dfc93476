import { Anchor, Notification } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Connect with no bank-linking provider configured (DECISIONS.md #8): says so, points to file import. */
export function ProviderMissingNotice({ onClose }: { onClose: () => void }) {
  return (
    <Notification
      icon={<IconInfoCircle size={20} />}
      color="blue"
      title="Bank linking is not set up"
      onClose={onClose}
      withBorder
      data-testid="institutions-notice"
    >
      Linking a bank needs a bank-linking provider, which the administrator of this Mindspend server
      has not configured. You can still bring in transactions at any time with a CSV or OFX file
      from{' '}
      <Anchor component={Link} to="/import-transactions">
        Import Transactions
      </Anchor>
      .
    </Notification>
  );
}
