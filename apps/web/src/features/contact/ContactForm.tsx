import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CONTACT_REASONS, hasErrors, validateContact, type FieldErrors } from '@mindspend/domain';
import { ErrorList } from '../../components/ErrorList';
import { SuccessNote } from '../../components/SuccessNote';
import { sendContact } from './api';

export const CONTACT_SUCCESS = "Thank you for contacting us! We'll get back to you soon.";
export const CONTACT_FAILURE = 'There was an error sending your message. Please try again later.';

const REASON_OPTIONS = [
  { value: '', label: 'Please select a reason', disabled: true },
  ...CONTACT_REASONS.map((reason) => ({ value: reason.value, label: reason.label })),
];

type Status = 'idle' | 'sending' | 'success' | 'error';

/** Reason, message and (for visitors) e-mail; states of spec §4 "Contact form". */
export function ContactForm({ signedIn }: { signedIn: boolean }) {
  const [reason, setReason] = useState('');
  const [body, setBody] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { reason, body, email: signedIn ? undefined : email.trim() };
    const clientErrors = validateContact(input, !signedIn);
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) return;
    setStatus('sending');
    try {
      await sendContact({ ...input, reason: input.reason as (typeof CONTACT_REASONS)[number]['value'] });
      setStatus('success');
      setReason('');
      setBody('');
      setEmail('');
    } catch {
      setStatus('error');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SuccessNote message={status === 'success' ? CONTACT_SUCCESS : null} />
        <ErrorList messages={status === 'error' ? [CONTACT_FAILURE] : []} />
        {signedIn ? null : (
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email?.[0]}
          />
        )}
        <NativeSelect
          label="Reason"
          data={REASON_OPTIONS}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason?.[0]}
        />
        <Textarea
          label="Message"
          placeholder="Describe your request or feedback..."
          autosize
          minRows={5}
          maxRows={12}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body?.[0]}
        />
        <Button type="submit" leftSection={<IconSend size={16} />} disabled={status === 'sending'} loading={status === 'sending'}>
          Send
        </Button>
      </Stack>
    </form>
  );
}
