/**
 * What the operations routes answer a load balancer or a monitor: liveness (`GET /api/health`,
 * the process answers) and readiness (`GET /api/ready`, the database answers and is migrated).
 */
import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  /** The release's semantic version (the root package.json's), e.g. `0.2.0`. */
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const readyResponse = z.object({ status: z.literal('ready') });
export type ReadyResponse = z.infer<typeof readyResponse>;

/** 503: why this process should not be sent requests yet, in a plain sentence. */
export const notReadyResponse = z.object({ status: z.literal('not_ready'), reason: z.string() });
export type NotReadyResponse = z.infer<typeof notReadyResponse>;
