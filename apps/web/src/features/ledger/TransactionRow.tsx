import { memo } from 'react';
import { IconArrowsExchange, IconPencil } from '@tabler/icons-react';
import type { Transaction } from '@mindspend/api-contract';
import { formatRowDate, parseIsoDate, toCents } from '@mindspend/domain';
import { formatAmountIn, isBookCurrency } from '../../lib/money';
import { Link, useNavigate } from 'react-router';
import { FeelingIcon } from '../transactions/FeelingIcon';
import { feelingLabel } from '../transactions/feelings';
import { transferLabel } from '../transactions/transfer-label';
import classes from './ledger-table.module.css';
import { PayeeCell } from './PayeeCell';
import { RegretRadarNote } from './RegretRadarNote';
import { RowAmount } from './RowAmount';

/** Split lines shown in the row before '+N more'. */
const SHOWN_SPLITS = 2;

function CategoryCell({ transaction }: { transaction: Transaction }) {
  const lines = transaction.subcategories;
  if (lines.length === 0) return <span className={classes.needs}>Needs Category</span>;
  if (lines.length === 1) {
    const [line] = lines;
    return (
      <span className={classes.truncate}>
        {line?.emoji} {line?.name}
      </span>
    );
  }
  const hidden = lines.length - SHOWN_SPLITS;
  const [first] = lines;
  return (
    <>
      <span className={classes.splitSummary} data-testid="split-summary">
        {first?.emoji} {first?.name} +{lines.length - 1} more
      </span>
      {lines.slice(0, SHOWN_SPLITS).map((line) => (
        <span key={line.id} className={classes.splitLine} data-testid="split-line">
          <span className={classes.truncate}>
            {line.emoji} {line.name}
          </span>
          <span className={`${classes.muted} ${classes.nowrap}`}>{formatAmountIn(toCents(line.pivot.amount), transaction.currency)}</span>
        </span>
      ))}
      {hidden > 0 ? <span className={`${classes.splitLine} ${classes.muted}`}>+{hidden} more</span> : null}
    </>
  );
}

interface TransactionRowProps {
  transaction: Transaction;
  /** Where the window places the row; null in the page's flow (a printout, DECISIONS.md #109). */
  top: number | null;
  /** Row of the month, from 0: `data-index` for the window, `aria-rowindex` after the header's 1. */
  index: number;
  /** The window's measure of the row's drawn height (`measureElement`). */
  measure?: (element: HTMLElement | null) => void;
}

/** Spec §2.3 row: date, payee (full name as tooltip), categories, signed amount, feeling, edit. */
export const TransactionRow = memo(function TransactionRow({ transaction, top, index, measure }: TransactionRowProps) {
  const navigate = useNavigate();
  const date = parseIsoDate(transaction.date);
  // A transfer's leg is named after the other account (docs/DECISIONS.md #47).
  const transfer = transferLabel(transaction);
  const fullName = transfer ?? transaction.entity?.name ?? transaction.payee ?? transaction.description ?? '';
  const shortName = transaction.entity?.name_short ?? fullName;
  const feeling = transaction.emotion_names[0];
  const open = () => void navigate(`/ledger/view-transaction/${transaction.id}`);
  // A second amount line (pending, or the book's currency) needs both lines on a phone.
  const tall = transaction.pending === 1 || !isBookCurrency(transaction.currency);

  return (
    <div
      ref={measure}
      className={`${classes.row} ${top === null ? classes.flowRow : ''} ${tall ? classes.tallAmount : ''}`}
      style={top === null ? undefined : { transform: `translateY(${top}px)` }}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={0}
      data-testid="transaction-row"
      onClick={open}
      // Enter or Space opens the row, as on a button; Space must not scroll the page instead.
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      }}
    >
      <span role="cell" className={`${classes.cell} ${classes.dateCell} ${classes.nowrap}`}>
        {date ? formatRowDate(date) : transaction.date}
      </span>
      <span role="cell" className={`${classes.cell} ${classes.payeeCell}`}>
        {transfer ? (
          <span className={classes.transfer} data-testid="transfer-label">
            <IconArrowsExchange size={16} aria-hidden />
            <span className={classes.truncate}>{transfer}</span>
          </span>
        ) : fullName === '' ? (
          <span className={classes.muted}>—</span>
        ) : (
          <PayeeCell shortName={shortName} fullName={fullName} />
        )}
        {transaction.regret_warning ? <RegretRadarNote warning={transaction.regret_warning} /> : null}
      </span>
      <span role="cell" className={`${classes.cell} ${classes.category}`}>
        {transfer ? <span className={classes.muted}>Transfer</span> : <CategoryCell transaction={transaction} />}
      </span>
      <span role="cell" className={`${classes.cell} ${classes.amountCell} ${classes.right}`}>
        <RowAmount transaction={transaction} />
        {transaction.pending === 1 ? <span className={classes.pending}>Pending</span> : null}
      </span>
      <span role="cell" className={`${classes.cell} ${classes.feelingCell} ${classes.center}`}>
        {feeling ? <FeelingIcon feeling={feeling} /> : null}
        {/* A later feeling that differs from the first (DECISIONS.md #44): small, after it. */}
        {transaction.second_feeling && transaction.second_feeling !== feeling ? (
          <span role="img" aria-label={`On a second look: ${feelingLabel(transaction.second_feeling)}`} title={`On a second look: ${feelingLabel(transaction.second_feeling)}`} data-testid="second-feeling">
            <FeelingIcon feeling={transaction.second_feeling} size={14} decorative />
          </span>
        ) : null}
      </span>
      <span role="cell" className={`${classes.cell} ${classes.editCell} ${classes.center}`}>
        <Link
          to={transaction.transfer_id === null ? `/ledger/edit-transaction/${transaction.id}` : `/ledger/edit-transfer/${transaction.transfer_id}`}
          className={classes.edit}
          aria-label={transaction.transfer_id === null ? 'Edit transaction' : 'Edit transfer'}
          onClick={(event) => event.stopPropagation()}
        >
          <IconPencil size={16} />
        </Link>
      </span>
    </div>
  );
});
