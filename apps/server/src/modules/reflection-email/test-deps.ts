/** The reflection e-mail's dependencies for a test app, as the server and the command build them. */
import { Mailer, type MailTransport } from '../../lib/mailer';
import type { TestApp } from '../../test/test-app';
import type { ReflectionEmailDeps } from './reflection-email.service';

export function reflectionEmailDeps(t: TestApp, transport: MailTransport | null = null): ReflectionEmailDeps {
  return {
    config: t.config,
    db: t.database.db,
    dialect: t.database.dialect,
    clock: t.clock,
    mailer: new Mailer(t.clock, t.app.log, transport),
    logger: t.app.log,
  };
}
