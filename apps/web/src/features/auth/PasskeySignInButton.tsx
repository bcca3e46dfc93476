import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import type { AuthResponse } from '@mindspend/api-contract';
import { browserSupportsPasskeys } from '../../lib/passkeys';
import { passkeySignInFailure, signInWithPasskey } from './passkey-sign-in';

interface PasskeySignInButtonProps {
  busy: boolean;
  onStart: () => void;
  onSignedIn: (auth: AuthResponse) => void;
  onFailure: (messages: string[]) => void;
}

/**
 * "Sign in with a passkey" (DECISIONS.md #80): no e-mail or password, and no two-factor code, as
 * the passkey verifies its user. Shown only where the browser can use passkeys.
 */
export function PasskeySignInButton({ busy, onStart, onSignedIn, onFailure }: PasskeySignInButtonProps) {
  if (!browserSupportsPasskeys()) return null;
  const start = async () => {
    onStart();
    try {
      onSignedIn(await signInWithPasskey());
    } catch (failure) {
      onFailure(passkeySignInFailure(failure));
    }
  };
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconFingerprint size={18} />}
      disabled={busy}
      onClick={() => void start()}
    >
      Sign in with a passkey
    </Button>
  );
}
