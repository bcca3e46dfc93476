import { useEffect, useRef, useState } from 'react';
import { Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorList } from '../../components/ErrorList';
import { invalidateInstitutions } from './api';
import { enableBankingFailure, finishEnableBanking } from './enable-banking-api';

/**
 * Where the bank sends the person back (/institutions/callback, DECISIONS.md #111): the code and
 * the state go to the server once, and Connected Institutions opens with the result; a refusal
 * (or a bank that gave no access) is shown here, with the way back.
 */
export function EnableBankingCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[]>([]);
  // React may run an effect twice in development; a code is good for one use only.
  const sent = useRef(false);

  const code = params.get('code');
  const state = params.get('state');
  const said = params.get('error_description');
  // The bank answers `error` (and no code) when the person cancelled or it refused.
  const bankRefused =
    params.get('error') || !code || !state
      ? `The bank gave no access${said ? ` (${said.slice(0, 200)})` : ''}. Nothing was linked; you can start again.`
      : null;

  useEffect(() => {
    if (sent.current || !code || !state || bankRefused) return;
    sent.current = true;
    void (async () => {
      try {
        const institution = await finishEnableBanking({ code, state });
        await invalidateInstitutions();
        await navigate('/connected-institutions', {
          replace: true,
          state: { linked: `${institution.name} is connected. Its accounts are now in your ledger.` },
        });
      } catch (failure) {
        setErrors(enableBankingFailure(failure));
      }
    })();
  }, [code, state, bankRefused, navigate]);

  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={1} size="h3">
            Linking your bank
          </Title>
          {errors.length === 0 && !bankRefused ? (
            <Stack gap="xs" align="center">
              <Loader />
              <Text>Finishing the link with your bank and importing its transactions…</Text>
            </Stack>
          ) : (
            <>
              <ErrorList messages={bankRefused ? [bankRefused] : errors} />
              <Button component={Link} to="/connected-institutions" variant="default">
                Back to Connected Institutions
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
