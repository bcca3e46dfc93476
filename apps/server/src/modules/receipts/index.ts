/**
 * What the receipts module offers the other modules: they import it from here, never from its
 * files (a rule of `npm run lint`, ARCHITECTURE.md), so this list is the module's whole surface.
 * The bench reads receipts with the pool and the preparation themselves (scripts/bench/receipts).
 */
export { OcrPool } from './ocr-pool';
export { preparedReceiptImage } from './receipt-image';
export type { ReceiptReader } from './receipts.service';
