import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { RegisterBody } from '@mindspend/api-contract';
import {
  hasErrors,
  localDate,
  needsCard,
  validateRegistration,
  type FieldErrors,
  type Plan,
} from '@mindspend/domain';
import { AuthCard } from '../../components/AuthCard';
import { ErrorList } from '../../components/ErrorList';
import { LoadingScreen } from '../../components/LoadingScreen';
import { PageLoader } from '../../components/PageLoader';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { ApiError } from '../../lib/api-client';
import { CardTokenError } from '../billing/stripe-card';
import { useCardEntry } from '../billing/use-card-entry';
import { pendingInvitationToken } from '../books/pending-invitation';
import { browserTimeZone, browserTimezone, register, useAuthConfig } from './api';
import { authFailureMessages } from './auth-errors';
import { completeSignIn } from './complete-sign-in';
import { PaymentFields } from './PaymentFields';
import { PlanChoice } from './PlanChoice';
import {
  EMPTY_PAYMENT,
  PAYMENT_INLINE_FIELDS,
  cardHolderBody,
  checkBeforeTokenizing,
  messagesOutside,
  paymentBody,
  paymentBoxMessages,
  splitPaymentErrors,
  type PaymentValues,
} from './payment-form';
import { PaymentErrorBox } from './PaymentErrorBox';
import { SignupClosedNotice } from './SignupClosedNotice';
import { SingleSignOnSignup } from './SingleSignOnSignup';
import { TermsNotice } from './TermsNotice';
import { SignInPrompt } from './SignInPrompt';
import { PASSPHRASE_HINT } from '../../lib/password-strength';

/** Fields shown with their own input; other fields' messages go to the list above the form. */
const REGISTRATION_INLINE_FIELDS = ['email', 'password', 'password_confirmation', ...PAYMENT_INLINE_FIELDS];

type Step = 'idle' | 'payment' | 'creating' | 'signing-in';

/**
 * Registration as this server's `SIGNUP` allows (DECISIONS.md #79): the form, or why there is
 * none. Invite-only takes the invitation the visitor opened before coming here.
 */
export function RegisterPage() {
  const config = useAuthConfig();
  // Read, not taken: the sign-in after the sign-up still opens the invitation (issue 25).
  const [invitationToken] = useState(pendingInvitationToken);
  if (config.isPending) return <PageLoader />;
  // Unknown mode (an older server, a failed read): the form, as the server refuses what it must.
  const mode = config.data?.signup ?? 'open';
  if (mode === 'closed') return <SignupClosedNotice mode="closed" />;
  if (mode === 'invite' && !invitationToken) return <SignupClosedNotice mode="invite" />;
  // OIDC_ONLY (DECISIONS.md #81): the provider makes the account at the first sign-in.
  if (config.data?.password === false && config.data.oidc)
    return <SingleSignOnSignup label={config.data.oidc.label} />;
  return <RegisterForm invitationToken={invitationToken} byInvitation={mode === 'invite'} />;
}

interface RegisterFormProps {
  /** Sent whenever one waits: harmless on an open server, required on an invite-only one. */
  invitationToken: string | null;
  byInvitation: boolean;
}

/** Registration (spec §2.2, §4): free plan directly; paid plan with card or promo code. */
function RegisterForm({ invitationToken, byInvitation }: RegisterFormProps) {
  const navigate = useNavigate();
  const [plan, setPlan] = useState<Plan>('free');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [payment, setPayment] = useState<PaymentValues>(EMPTY_PAYMENT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [paymentErrors, setPaymentErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string[]>([]);
  const [step, setStep] = useState<Step>('idle');
  const [progress, setProgress] = useState({ message: '', percent: 0 });
  const working = step !== 'idle';
  // With Stripe the card is typed into Stripe's element and only its token is sent (DECISIONS.md #30).
  const card = useCardEntry(working || payment.promo);
  const stripe = card.mode === 'stripe';

  const showErrors = (fieldErrors: FieldErrors) => {
    const { payment: cardMessages, other } = splitPaymentErrors(fieldErrors);
    setErrors(other);
    setPaymentErrors(cardMessages);
    setFailure(messagesOutside(other, REGISTRATION_INLINE_FIELDS));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const timezone = browserTimezone();
    const timeZone = browserTimeZone();
    const paidPart = stripe ? cardHolderBody(payment) : paymentBody(payment);
    const body: RegisterBody = {
      plan,
      email: email.trim(),
      password,
      password_confirmation: confirmation,
      timezone,
      ...(timeZone !== undefined && { time_zone: timeZone }),
      ...(plan === 'budget_master' ? paidPart : { promo: false, code: '' }),
      ...(invitationToken !== null && { invitation_token: invitationToken }),
    };
    const today = localDate(new Date(), timezone);
    const tokenized = stripe && needsCard(body);
    const clientErrors = tokenized
      ? checkBeforeTokenizing(body, (pending) => validateRegistration(pending, today))
      : validateRegistration(body, today);
    showErrors(clientErrors);
    if (hasErrors(clientErrors)) return;
    if (needsCard(body) && (card.mode === 'loading' || card.mode === 'unavailable')) {
      setPaymentErrors([card.problem ?? 'The payment form is still loading. Please try again in a moment.']);
      return;
    }

    setStep(needsCard(body) ? 'payment' : 'creating');
    try {
      // 'Processing payment.': Stripe.js turns the card into a PaymentMethod, then we register with its id.
      if (tokenized)
        body.stripe_token = await card.tokenize({
          name: `${payment.first_name} ${payment.last_name}`.trim(),
          postalCode: payment.postal,
        });
      const auth = await register(body);
      setStep('signing-in');
      setProgress({ message: 'Account created.', percent: 45 });
      const destination = await completeSignIn(auth, true, (message, percent) =>
        setProgress({ message, percent }),
      );
      void navigate(destination, { replace: true });
    } catch (error) {
      setStep('idle');
      if (error instanceof CardTokenError) {
        setErrors({});
        setFailure([]);
        setPaymentErrors([error.message]);
      } else if (error instanceof ApiError && error.status === 422 && hasErrors(error.fieldErrors)) {
        showErrors(error.fieldErrors);
      } else {
        setErrors({});
        setPaymentErrors([]);
        setFailure(authFailureMessages(error));
      }
    }
  };

  return (
    <>
      {step === 'signing-in' ? <LoadingScreen message={progress.message} percent={progress.percent} /> : null}
      <AuthCard
        title="Create your account"
        subtitle="Plan budgets and see how your spending feels."
        width={560}
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            {byInvitation ? (
              <Group gap={6} wrap="nowrap" c="teal">
                <IconMailOpened size={16} aria-hidden />
                <Text size="sm" c="teal" fw={600}>
                  You are signing up through an invitation.
                </Text>
              </Group>
            ) : null}
            <ErrorList messages={failure} />
            <PlanChoice value={plan} onChange={setPlan} disabled={working} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              leftSection={<IconMail size={16} />}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email?.[0]}
              disabled={working}
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              description={PASSPHRASE_HINT}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password?.[0]}
              disabled={working}
            />
            <PasswordStrengthMeter password={password} hints={[email]} />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              error={errors.password_confirmation?.[0]}
              disabled={working}
            />
            {plan === 'budget_master' ? (
              <>
                <Divider label="Payment details · $9.99/month" labelPosition="center" />
                <PaymentErrorBox messages={paymentBoxMessages(paymentErrors, card.problem)} />
                <PaymentFields
                  values={payment}
                  onChange={setPayment}
                  errors={errors}
                  disabled={working}
                  cardField={card.cardField}
                />
              </>
            ) : null}
            <TermsNotice />
            {step === 'payment' ? (
              <Text size="sm" c="teal" fw={600} role="status" ta="center">
                Processing payment.
              </Text>
            ) : null}
            <Button type="submit" size="md" fullWidth disabled={working}>
              {working ? 'Creating Account...' : 'Create Account'}
            </Button>
            <SignInPrompt />
          </Stack>
        </form>
      </AuthCard>
    </>
  );
}
