import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Connect without Plaid (DECISIONS.md #8, #112): on a server that links banks with a SimpleFIN
 * setup token, points to its form on this page; with no provider at all, says so. Either way a
 * CSV or OFX file brings transactions in.
 */
export function ProviderMissingNotice({ onClose, simplefin = false }: { onClose: () => void; simplefin?: boolean }) {
  const importLink = (
    <Anchor component={Link} to="/import-transactions">
      Import Transactions
    </Anchor>
  );
  return (
    // An Alert: Notification's CSS loads only with the toasts (DECISIONS.md #110).
    <Alert
      icon={<IconInfoCircle size={20} />}
      color="blue"
      variant="light"
      title={simplefin ? 'Link your bank with SimpleFIN' : 'Bank linking is not set up'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      data-testid="institutions-notice"
    >
      {simplefin ? (
        <>
          This server links banks with a SimpleFIN Bridge setup token: paste one into Link with SimpleFIN
          below. You can also bring in transactions at any time with a CSV or OFX file from {importLink}.
        </>
      ) : (
        <>
          Linking a bank needs a bank-linking provider, which the administrator of this Mindspend server
          has not configured. You can still bring in transactions at any time with a CSV or OFX file
          from {importLink}.
        </>
      )}
    </Alert>
  );
}
