/** Statement imports: the job a statement upload queues, as GET /imports/{id} reports it. */
import { z } from 'zod';

export const importJobSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  file_name: z.string(),
  status: z.enum(['queued', 'processing', 'completed', 'failed']),
  /** Whole percent done, 0-100. */
  progress: z.number().int(),
  rows_read: z.number().int(),
  rows_imported: z.number().int(),
  duplicates_skipped: z.number().int(),
  categorized: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJobSchema>;
