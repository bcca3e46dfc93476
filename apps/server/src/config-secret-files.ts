/**
 * `NAME_FILE` for every secret of the configuration (issue 35): Docker secrets and systemd
 * credentials hand a process a file (/run/secrets/..., $CREDENTIALS_DIRECTORY/...) rather than an
 * environment variable, which other processes of the same user and `docker inspect` can read.
 * config.ts reads the files here before it parses, so a value from a file passes the same checks
 * as one from the environment.
 */
import { readFileSync } from 'node:fs';

/**
 * The variables that hold a secret: a password, a key, a token, or a URL that carries a password.
 * Only these take `NAME_FILE`; the rest of the settings are not secret and stay plain variables.
 */
export const SECRET_NAMES = [
  'DATABASE_URL',
  'SMTP_URL',
  'PROMO_CODES',
  'TWO_FACTOR_ENCRYPTION_KEY',
  'UNSUBSCRIBE_SECRET',
  'STRIPE_SECRET_KEY',
  'PLAID_SECRET',
  'BANK_TOKEN_ENCRYPTION_KEY',
  'ENABLE_BANKING_PRIVATE_KEY',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
  'VAPID_PRIVATE_KEY',
  'ATTACHMENTS_S3_SECRET_ACCESS_KEY',
] as const;

export type SecretName = (typeof SECRET_NAMES)[number];

/** What resolving the files gave: the environment with each file's value in place, or the problems. */
export interface SecretFiles {
  env: Record<string, string | undefined>;
  /** One `NAME: message` line per problem, as loadConfig reports a bad variable. */
  problems: string[];
}

type ReadFile = (file: string) => string;

const readUtf8: ReadFile = (file) => readFileSync(file, 'utf8');

/** An empty value (NAME= in a shell or .env file) means "not set", as everywhere in config.ts. */
const isSet = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * `env` with each secret whose `NAME_FILE` is set replaced by that file's content, less its
 * trailing line ending(s) (an editor or `echo` adds one; a secret never ends with one). Setting
 * both `NAME` and `NAME_FILE` is a problem (which one was meant?), as is a file that cannot be
 * read or is empty (a secret left out by mistake must not quietly turn the feature off).
 */
export function resolveSecretFiles(
  env: Readonly<Record<string, string | undefined>>,
  readFile: ReadFile = readUtf8,
): SecretFiles {
  const resolved: Record<string, string | undefined> = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_NAMES) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable];
    delete resolved[fileVariable];
    if (!isSet(file)) continue;
    if (isSet(env[name])) {
      problems.push(`${name}: ${name} and ${fileVariable} are both set; set only one of them`);
      continue;
    }
    let content: string;
    try {
      content = readFile(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      problems.push(`${fileVariable}: cannot read the file ${file} (${code})`);
      continue;
    }
    const value = content.replace(/[\r\n]+$/, '');
    if (value === '') {
      problems.push(`${fileVariable}: the file ${file} is empty`);
      continue;
    }
    resolved[name] = value;
  }
  return { env: resolved, problems };
}
