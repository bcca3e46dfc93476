/**
 * The page an invitation link opens (`/invitations/:token`, DECISIONS.md #74): who invited the
 * visitor to which book and as what; signed in, "Join" adds them and opens the book; signed out,
 * they sign up or in first and come back here.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@mindspend/api-contract';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { PageLoader } from '../../components/PageLoader';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { useSession } from '../../lib/use-session';
import { invalidateBooks, switchBook } from './api';
import { rememberInvitation } from './pending-invitation';

const ROLE_WORDS: Record<InvitationPreview['role'], string> = {
  editor: 'an editor: you can record and change its money',
  viewer: 'a viewer: you can see it, not change it',
};

/** The server's own sentence (a used link, already a member), else the catalogue's (spec §8). */
const messageOf = (error: unknown) => (error instanceof ApiError ? (error.serverMessage ?? error.message) : UNEXPECTED_ERROR);

export function InvitationPage() {
  const token = useParams().token ?? '';
  const { token: session } = useSession();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => callApi('getInvitation', { params: { token }, withoutBook: true }),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => callApi('acceptInvitation', { params: { token }, withoutBook: true }),
    onSuccess: async (book) => {
      await invalidateBooks();
      switchBook(book);
      void navigate('/ledger');
    },
  });

  if (preview.isPending) return <PageLoader />;
  if (preview.isError) {
    return (
      <AuthCard title="Invitation">
        <Alert color="red" title="This link does not work">
          {messageOf(preview.error)}
        </Alert>
        <Text mt="md">
          Ask the person who invited you to send a new invitation. <Link to="/">Go to Mindspend</Link>
        </Text>
      </AuthCard>
    );
  }

  const invitation = preview.data;
  return (
    <AuthCard
      title={`Join “${invitation.book_name}”`}
      subtitle={`${invitation.invited_by ?? 'Someone'} invited ${invitation.email} to keep this book together on Mindspend.`}
    >
      <Stack gap="md">
        <Text>You would join as {ROLE_WORDS[invitation.role]}.</Text>
        <Text size="sm" c="dimmed">
          The link works once, until {new Date(invitation.expires_at).toLocaleDateString()}.
        </Text>
        {join.isError ? <Alert color="red">{messageOf(join.error)}</Alert> : null}
        {session ? (
          <Button loading={join.isPending} onClick={() => join.mutate()}>
            Join {invitation.book_name}
          </Button>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to="/signup" fullWidth onClick={() => rememberInvitation(token)}>
              Create an account
            </Button>
            <Button component={Link} to="/login" variant="default" fullWidth onClick={() => rememberInvitation(token)}>
              Sign in
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthCard>
  );
}
