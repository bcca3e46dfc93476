import { Alert, Stack, Text } from '@mantine/core';
import { IconLock, IconMailHeart } from '@tabler/icons-react';
import { SIGNUP_BY_INVITATION, SIGNUP_CLOSED, type SignupMode } from '@mindspend/api-contract';
import { AuthCard } from '../../components/AuthCard';
import { SignInPrompt } from './SignInPrompt';

type RefusingMode = Exclude<SignupMode, 'open'>;

// The server's own sentences (DECISIONS.md #79): the page says before any typing what a sign-up
// would be answered with.
const NOTICES: Record<RefusingMode, { title: string; message: string }> = {
  closed: { title: 'Sign-up is closed', message: SIGNUP_CLOSED },
  invite: { title: 'Sign-up by invitation', message: SIGNUP_BY_INVITATION },
};

/** The sign-up page of a server that takes no sign-up from this visitor: why, and the way to sign in. */
export function SignupClosedNotice({ mode }: { mode: RefusingMode }) {
  const notice = NOTICES[mode];
  return (
    <AuthCard title="Create your account">
      <Stack gap="md">
        <Alert
          color={mode === 'closed' ? 'gray' : 'teal'}
          variant="light"
          icon={mode === 'closed' ? <IconLock /> : <IconMailHeart />}
          title={notice.title}
        >
          {notice.message}
        </Alert>
        {mode === 'invite' ? (
          // The waiting invitation lives in one tab's storage: a link opened elsewhere is not seen here.
          <Text size="sm" c="dimmed">
            Have an invitation link? Open it and choose “Create an account”.
          </Text>
        ) : null}
        <SignInPrompt />
      </Stack>
    </AuthCard>
  );
}
