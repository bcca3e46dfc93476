import { useState } from 'react';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDiscardGuard } from '../../components/DiscardGuard';
import { invalidateIncome, updateIncomeSource, useIncomeSources } from './api';
import { incomeBodyOf, incomeFormOf } from './income-form';
import { IncomeSourceForm } from './IncomeSourceForm';

/** /income/{id}/edit: the same fields as adding, saved with PATCH. */
export function EditIncomeModal() {
  const navigate = useNavigate();
  const { id } = useParams();
  const sources = useIncomeSources();
  const source = sources.data?.find((entry) => entry.id === Number(id));
  const close = () => void navigate('/income');
  const [changed, setChanged] = useState(false);
  const { requestClose, confirm } = useDiscardGuard(changed, close, 'Discard your changes?');
  return (
    <Modal opened onClose={requestClose} title="Edit Income Source" size="md">
      {confirm}
      {sources.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : !source ? (
        <Text c="dimmed">This income source no longer exists.</Text>
      ) : (
        <IncomeSourceForm
          key={source.id}
          initial={incomeFormOf(source)}
          submitLabel="Save"
          onCancel={close}
          onChanged={setChanged}
          onSubmit={async (values) => {
            const { x_days: xDays, ...rest } = incomeBodyOf(values);
            await updateIncomeSource(source.id, {
              account_id: rest.account_id ?? undefined,
              entity_id: rest.entity_id ?? undefined,
              amount: rest.amount ?? undefined,
              start_date: rest.start_date ?? undefined,
              recurrence: rest.recurrence ?? undefined,
              x_days: xDays ?? null,
            });
            await invalidateIncome();
            close();
          }}
        />
      )}
    </Modal>
  );
}
