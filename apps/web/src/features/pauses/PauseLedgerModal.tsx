import { Button } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { LEDGER_PATH } from '../../shared/ledger-shell/ledger-paths';
import { PauseFormModal } from './PauseFormModal';
import { pausePrefillOf } from './pause-prefill';

/**
 * /ledger/pause-purchase: "Pause a purchase" over the ledger, from its toolbar or from Add
 * Transaction's "Not sure yet? Pause it instead" (which hands over what was typed in the location
 * state). Closing goes back to the ledger; once paused, the pause list is one click away.
 */
export function PauseLedgerModal() {
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = pausePrefillOf(location.state);
  return (
    <PauseFormModal
      prefill={prefill}
      onClose={() => void navigate(LEDGER_PATH)}
      afterPaused={
        <Button component={Link} to="/pauses" variant="default">
          Open the pause list
        </Button>
      }
    />
  );
}
