/** Who is signing in, as a request shows it: the device it says it is, and where it comes from. */
import type { FastifyRequest } from 'fastify';

export interface SignInClient {
  /** The User-Agent header, read into a device label ('Chrome on macOS'). */
  userAgent: string | undefined;
  /** The client address (behind a proxy only with TRUST_PROXY=true); shown with the session. */
  address: string | null;
}

export function signInClient(request: FastifyRequest): SignInClient {
  return { userAgent: request.headers['user-agent'], address: request.ip || null };
}
