import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { rememberSingleSignOnChoice, singleSignOnHref } from './single-sign-on';
import { ssoErrorMessage } from './sso-errors';

/** The login page's single sign-on button (DECISIONS.md #81): a link to the provider through the server. */
export function SingleSignOnButton({ label, remember }: { label: string; remember: boolean }) {
  return (
    <Button
      component="a"
      href={singleSignOnHref()}
      onClick={() => rememberSingleSignOnChoice(remember)}
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconKey size={18} />}
    >
      {label}
    </Button>
  );
}

/** What the server said about a single sign-on that did not work out (`/login?sso_error=…`), or nothing. */
export function SingleSignOnError({ kind }: { kind: string | null }) {
  const message = ssoErrorMessage(kind);
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title="Single sign-on did not sign you in"
      role="alert"
    >
      {message}
    </Alert>
  );
}
