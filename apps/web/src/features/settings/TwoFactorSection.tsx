import { useEffect, useState } from 'react';
import { Badge, Button, Card, Code, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import type { TwoFactorSetupResponse } from '@mindspend/api-contract';
import { ErrorList } from '../../components/ErrorList';
import { ApiError } from '../../lib/api-client';
import { UNEXPECTED_ERROR } from '../../lib/errors';
import { confirmTwoFactor, refreshUser, turnOffTwoFactor } from './api';
import { currentPasswordProblem } from './current-password-errors';
import { CurrentPasswordField, useHasPassword } from './CurrentPasswordField';
import { TwoFactorPasswordStep } from './TwoFactorPasswordStep';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; setup: TwoFactorSetupResponse; qr: string }
  | { kind: 'codes'; codes: string[] };

const messagesOf = (failure: unknown) => (failure instanceof ApiError ? failure.messages : [UNEXPECTED_ERROR]);
const fieldError = (failure: unknown, field: string) =>
  failure instanceof ApiError ? (failure.fieldErrors[field]?.[0] ?? null) : null;

/** The recovery codes as a file to keep: one per line, with what they are for. */
function downloadCodes(codes: string[]): void {
  const text = ['Mindspend recovery codes. Each code signs you in once if you lose your authenticator app.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'mindspend-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Two-factor sign-in (DECISIONS.md #28): turn on with the password, a QR code and a first code
 * (DECISIONS.md #75), see the recovery codes once, turn off.
 */
export function TwoFactorSection({ enabled: savedEnabled }: { enabled: boolean }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  // On from the moment the codes are shown, before the user record is read again.
  const enabled = savedEnabled || stage.kind === 'codes';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const started = (setup: TwoFactorSetupResponse, qr: string) => {
    setStage({ kind: 'setup', setup, qr });
    setCode('');
    setCodeError(null);
  };

  const confirm = async () => {
    setBusy(true);
    setCodeError(null);
    try {
      const { recovery_codes: codes } = await confirmTwoFactor(code.trim());
      setStage({ kind: 'codes', codes });
    } catch (failure) {
      const wrong = fieldError(failure, 'code');
      if (wrong) setCodeError(wrong);
      else setErrors(messagesOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setStage({ kind: 'idle' });
    await refreshUser();
  };

  return (
    <Card withBorder radius="lg" p="lg">
      <Group gap="xs" mb={6}>
        <Title order={2} fz="h4">
          Two-factor sign-in
        </Title>
        <Badge variant="light" color={enabled ? 'teal' : 'gray'}>
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {enabled
          ? 'Signing in asks for a code from your authenticator app after your password.'
          : 'Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Authy) after your password, so a stolen password alone cannot open your budget.'}
      </Text>
      <Stack gap="sm">
        <ErrorList messages={errors} />
        {stage.kind === 'idle' && !enabled && (
          <Group>
            <Button onClick={() => setStage({ kind: 'password' })}>Turn on two-factor sign-in</Button>
          </Group>
        )}
        {stage.kind === 'password' && <TwoFactorPasswordStep onStarted={started} onCancel={() => setStage({ kind: 'idle' })} />}
        {stage.kind === 'idle' && enabled && <TurnOffButton onDone={() => void refreshUser()} />}
        {stage.kind === 'setup' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim()) void confirm();
            }}
            noValidate
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap={6} align="flex-start">
                <Text size="sm" fw={600}>
                  1. Scan this code with your authenticator app
                </Text>
                <Image src={stage.qr} alt="QR code for your authenticator app" w={200} h={200} />
                <Text size="xs" c="dimmed">
                  Cannot scan it? Enter this key instead:
                </Text>
                <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                  {stage.setup.secret}
                </Code>
              </Stack>
              <Stack gap="sm">
                <Text size="sm" fw={600}>
                  2. Enter the 6-digit code the app shows
                </Text>
                <TextInput
                  label="Authentication code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  value={code}
                  error={codeError}
                  onChange={(event) => setCode(event.currentTarget.value)}
                />
                <Group>
                  <Button type="submit" loading={busy} disabled={!code.trim()}>
                    Confirm
                  </Button>
                  <Button variant="default" onClick={() => setStage({ kind: 'idle' })} disabled={busy}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </SimpleGrid>
          </form>
        )}
        {stage.kind === 'codes' && (
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Two-factor sign-in is on. Save these recovery codes now: they are shown only once.
            </Text>
            <Text size="sm" c="dimmed">
              Each code signs you in once if you lose your phone. Keep them somewhere safe, like a password manager.
            </Text>
            <SimpleGrid cols={2} spacing={4} maw={320} data-testid="recovery-codes">
              {stage.codes.map((recoveryCode) => (
                <Code key={recoveryCode} fz="sm">
                  {recoveryCode}
                </Code>
              ))}
            </SimpleGrid>
            <Group>
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={() => void navigator.clipboard?.writeText(stage.codes.join('\n')).then(() => setCopied(true))}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => downloadCodes(stage.codes)}>
                Download
              </Button>
              <Button onClick={() => void finish()}>I have saved them</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** 'Turn off' asks for the password and a code (re-authentication, DECISIONS.md #29). */
function TurnOffButton({ onDone }: { onDone: () => void }) {
  const hasPassword = useHasPassword();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<{ current_password: string | null; code: string | null }>({
    current_password: null,
    code: null,
  });

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setCode('');
    setErrors([]);
    setFieldErrors({ current_password: null, code: null });
  };

  const submit = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await turnOffTwoFactor(password, code.trim());
      setBusy(false);
      setOpen(false);
      onDone();
    } catch (failure) {
      // A 429 may be about passwords or codes: its own sentence says which, above both fields.
      const locked = failure instanceof ApiError && failure.status === 429 ? currentPasswordProblem(failure) : null;
      const current = locked ? null : fieldError(failure, 'current_password');
      const wrongCode = fieldError(failure, 'code');
      setFieldErrors({ current_password: current, code: wrongCode });
      if (locked) setErrors([locked]);
      else if (!current && !wrongCode) setErrors(messagesOf(failure));
      setBusy(false);
    }
  };

  return (
    <>
      <Group>
        <Button variant="light" color="red" onClick={() => setOpen(true)}>
          Turn off two-factor sign-in
        </Button>
      </Group>
      <Modal opened={open} onClose={close} title="Turn off two-factor sign-in?" centered>
        <Stack>
          <Text size="sm">Signing in will ask only for your password. Your recovery codes stop working.</Text>
          <ErrorList messages={errors} />
          <CurrentPasswordField
            value={password}
            error={fieldErrors.current_password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <TextInput
            label="Authentication code or recovery code"
            autoComplete="one-time-code"
            value={code}
            error={fieldErrors.code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void submit()} loading={busy} disabled={(hasPassword && !password) || !code.trim()}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
