import { useState } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useDiscardGuard } from '../../components/DiscardGuard';
import { useToday } from '../../lib/use-today';
import { useAccounts } from '../accounts/api';
import { createIncomeSource, invalidateIncome } from './api';
import { emptyIncomeForm, incomeBodyOf } from './income-form';
import { IncomeSourceForm } from './IncomeSourceForm';

/** /income/add: 'Add Recurring Income Source' (spec §2.6); saving adds the source to the list (DECISIONS.md #4). */
export function AddIncomeModal() {
  const navigate = useNavigate();
  const today = useToday();
  const accounts = useAccounts();
  const close = () => void navigate('/income');
  const [changed, setChanged] = useState(false);
  const { requestClose, confirm } = useDiscardGuard(changed, close, 'Discard this income source?');
  // The only account is the obvious choice; with several the user picks.
  const onlyAccount = accounts.data?.length === 1 ? (accounts.data[0]?.id ?? null) : null;
  return (
    <Modal opened onClose={requestClose} title="Add Recurring Income Source" size="md">
      {confirm}
      {accounts.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <IncomeSourceForm
          initial={emptyIncomeForm(onlyAccount, today)}
          submitLabel="Add Income"
          onCancel={close}
          onChanged={setChanged}
          onSubmit={async (values) => {
            await createIncomeSource(incomeBodyOf(values));
            await invalidateIncome();
            close();
          }}
        />
      )}
    </Modal>
  );
}
