/**
 * The entity screens as the routes /ledger/add-entity and /ledger/entities/{id}/edit, which the
 * transaction forms open (spec §4 "Entity cancel and save"): they go back to the form named in the
 * query string, and a new payee is selected in the transaction kept there. The entity screens know
 * nothing of transactions; the hand-back lives here, with the forms and their drafts.
 */
import type { Entity } from '@mindspend/api-contract';
import { useNavigate, useSearchParams } from 'react-router';
import { EditEntityModal } from '../entities/EditEntityModal';
import { NewEntityModal } from '../entities/NewEntityModal';
import { entityReturn } from './entity-return';
import { discardDraft, hasNewDraft, selectEntityInDraft } from './transaction-draft';

export const DRAFT_LOST_WARNING = 'The transaction you started will be lost.';

/** /ledger/add-entity: a new payee or payor, handed back to the form it came from. */
export function AddEntityRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = entityReturn(search);

  const cancel = () => {
    // Spec §4: leaving without a form to return to loses a transaction in progress; say so first.
    if (!back.draft && hasNewDraft()) {
      if (!window.confirm(`${DRAFT_LOST_WARNING} Leave anyway?`)) return;
      discardDraft({ form: 'new' });
    }
    void navigate(back.path);
  };
  const created = (entity: Entity) => {
    if (back.draft) selectEntityInDraft(back.draft, entity.id);
    void navigate(back.path);
  };

  return <NewEntityModal onCancel={cancel} onCreated={created} />;
}

/** /ledger/entities/{id}/edit: back to the form it came from after Cancel or Update. */
export function EditEntityRoute() {
  const [search] = useSearchParams();
  return <EditEntityModal backPath={entityReturn(search).path} />;
}
