import { Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../lib/use-session';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { LoginDetailsCard } from './LoginDetailsCard';
import { SessionsSection } from './SessionsSection';
import { SubscriptionCard } from './SubscriptionCard';
import { TwoFactorSection } from './TwoFactorSection';

/** Account Overview / Profile (spec §2.2); /settings/password/edit opens password edit mode. */
export function SettingsPage({ editPassword = false }: { editPassword?: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Account Settings</Title>
          <Text c="dimmed">Your login, your subscription and your data.</Text>
        </div>
        <LoginDetailsCard email={user.email} startEditing={editPassword} />
        <TwoFactorSection enabled={user.two_factor_enabled} />
        <SessionsSection />
        <SubscriptionCard />
        <ExportSection />
        <DeleteAccountSection userId={user.id} />
      </Stack>
    </Container>
  );
}
