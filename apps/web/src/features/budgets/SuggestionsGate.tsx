import { useState } from 'react';
import type { YearMonth } from '@mindspend/domain';
import { updateSessionUser } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { stopSuggestions, useSuggestions } from './api';
import { SuggestionsWizard } from './SuggestionsWizard';

interface SuggestionsGateProps {
  /** null while the month's budgets load. */
  hasBudgets: boolean | null;
  month: YearMonth;
}

type GateState = 'pending' | 'open' | 'closed';

function decide(
  offered: boolean,
  hasBudgets: boolean | null,
  suggestionCount: number | null,
  failed: boolean,
): GateState {
  if (!offered || hasBudgets === true || failed) return 'closed';
  if (hasBudgets === null || suggestionCount === null) return 'pending';
  return suggestionCount > 0 ? 'open' : 'closed';
}

/**
 * Spec §4: suggestions are fetched while the user has not finished them, and the wizard opens
 * when the user has no budgets. Once open it stays open while suggestions are saved.
 */
export function SuggestionsGate({ hasBudgets, month }: SuggestionsGateProps) {
  const { user } = useSession();
  const offered = user !== null && user.finished_budget_suggestions === 0;
  const suggestions = useSuggestions(offered && hasBudgets === false);
  const [latched, setState] = useState<GateState>('pending');
  // Decided once, during render, so saving a suggestion (which adds a budget) keeps it open.
  let state = latched;
  if (latched === 'pending') {
    state = decide(offered, hasBudgets, suggestions.data?.length ?? null, suggestions.isError);
    if (state !== 'pending') setState(state);
  }

  // Stopping is for good (POST stop); the stored user learns it too.
  const stop = () => {
    if (!user) return;
    stopSuggestions(user.id)
      .then((answer) => updateSessionUser(answer.user))
      .catch(() => undefined);
  };
  // Spec §4: closing stops suggestions.
  const close = () => {
    setState('closed');
    stop();
  };

  return (
    <>
      <div data-testid="suggestions-gate" data-state={state} hidden />
      {state === 'open' && suggestions.data ? (
        <SuggestionsWizard
          suggestions={suggestions.data}
          month={month}
          onClose={close}
          onDontShowAgain={stop}
        />
      ) : null}
    </>
  );
}
