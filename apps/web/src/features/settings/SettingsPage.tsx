import { Container, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../lib/use-session';
import { BooksSection } from '../books/BooksSection';
import { NotificationsSection } from '../push/NotificationsSection';
import { AppearanceSection } from './AppearanceSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExchangeRatesSection } from './ExchangeRatesSection';
import { ExportSection } from './ExportSection';
import { TaxExportCard } from './TaxExportCard';
import { LoginDetailsCard } from './LoginDetailsCard';
import { NumberFormatCard } from './NumberFormatCard';
import { PasskeysSection } from './PasskeysSection';
import { PersonalTokensSection } from './PersonalTokensSection';
import { RulesCard } from './RulesCard';
import { ReflectionEmailCard } from './ReflectionEmailCard';
import { SecondLookCard } from './SecondLookCard';
import { SessionsSection } from './SessionsSection';
import { SubscriptionCard } from './SubscriptionCard';
import { TimeZoneCard } from './TimeZoneCard';
import { TwoFactorSection } from './TwoFactorSection';
import { WebhooksSection } from './WebhooksSection';

/** Account Overview / Profile (spec §2.2); /settings/password/edit opens password edit mode. */
export function SettingsPage({ editPassword = false }: { editPassword?: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Account Settings</Title>
          <Text c="dimmed">
            Your login, your books and their exchange rates, your subscription, how the app looks, your number format, your time zone, the second
            look, the monthly e-mail, notifications and your data.
          </Text>
        </div>
        <LoginDetailsCard email={user.email} startEditing={editPassword} />
        <TwoFactorSection enabled={user.two_factor_enabled} />
        <PasskeysSection />
        <SessionsSection />
        <BooksSection userId={user.id} />
        <ExchangeRatesSection />
        <SubscriptionCard />
        <AppearanceSection />
        <NumberFormatCard />
        <TimeZoneCard userId={user.id} zone={user.time_zone} />
        <SecondLookCard userId={user.id} days={user.second_look_days} />
        <RulesCard />
        <ReflectionEmailCard userId={user.id} on={user.reflection_email} />
        <NotificationsSection />
        <ExportSection />
        <TaxExportCard />
        <PersonalTokensSection />
        <WebhooksSection />
        <DeleteAccountSection userId={user.id} />
      </Stack>
    </Container>
  );
}
