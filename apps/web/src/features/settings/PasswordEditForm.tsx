import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, PasswordInput, Stack } from '@mantine/core';
import { hasErrors, validateChangePassword } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { ApiError } from '../../lib/api-client';
import { PASSWORD_CHANGE_UNEXPECTED, passwordChangeMessages } from '../../lib/errors';
import { changePassword } from './api';
import { currentPasswordProblem } from './current-password-errors';
import { useHasPassword } from './CurrentPasswordField';
import { PASSWORD_HINT } from '../../lib/password-strength';

interface PasswordEditFormProps {
  onCancel: () => void;
  onSaved: () => void;
}

/** Current, new and confirmed password with Cancel and Save (spec §2.2, §5, §8). */
export function PasswordEditForm({ onCancel, onSaved }: PasswordEditFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [revokeTokens, setRevokeTokens] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const hasPassword = useHasPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { current_password: current, new_password: next, new_password_confirmation: confirmation, revoke_personal_tokens: revokeTokens };
    const clientErrors = validateChangePassword(body);
    setErrors(Object.values(clientErrors).flat());
    if (hasErrors(clientErrors)) return;
    setSaving(true);
    try {
      await changePassword(body);
      onSaved();
    } catch (error) {
      // Too many wrong current passwords (DECISIONS.md #75) is said in the server's words.
      const locked = error instanceof ApiError && error.status === 429 ? currentPasswordProblem(error) : null;
      if (locked) setErrors([locked]);
      else setErrors(error instanceof ApiError ? passwordChangeMessages(error.status, error.body) : [PASSWORD_CHANGE_UNEXPECTED]);
      setSaving(false);
    }
  };

  return (
    <form aria-label="Change password" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <ErrorList messages={errors} />
        {/* An account single sign-on made has no current password to type (DECISIONS.md #81). */}
        {hasPassword ? null : (
          <Alert color="blue" variant="light">
            Your account has no password yet (it signs in with single sign-on): set one with “Forgot password” on the sign-in
            page, which mails you a link.
          </Alert>
        )}
        <PasswordInput label="Current Password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          description={PASSWORD_HINT}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
        <PasswordStrengthMeter password={next} />
        <PasswordInput label="Confirm New Password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.currentTarget.value)} />
        {/* Other sessions are always signed out; scripts' tokens only when asked (DECISIONS.md #75). */}
        <Checkbox
          label="Also revoke my personal access tokens"
          description="Scripts using them stop working. Choose this if you think someone else knows your password."
          checked={revokeTokens}
          onChange={(e) => setRevokeTokens(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
