// The one redaction rule: which names hold secrets, and values with them masked. Events, the request
// journal, log lines and explorer views go through it; an answer to its own caller does not.

/** What a secret's value becomes. */
export const REDACTED = '[redacted]';

/**
 * Names of secrets: private keys (`private_key`, `stark_private_key`, `privateKey`), secrets and
 * passwords, API keys (`api_key`, `x-api-key`), authorization and bearer values, and access or control
 * tokens (`control_token`). A bare `token` is an NFT's here (`token_id`, `tokens`), not a secret.
 */
const SECRET_NAME =
  /private|secret|passw|auth(?!or(?!i[sz]))|bearer|api[-_]?keys?(?![a-z])|(?:control|access|refresh|session)[-_]?tokens?/i;

/**
 * A query is what a client typed, so its names are read more widely: any `token`, any `key` but a
 * stark key (a public key), and a signature (`signature`, `sig`, `r`, `s`) are dropped from it as well.
 */
const SECRET_QUERY_NAME = /token|sig|^[rs]$|^(?!stark_keys?$).*key/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The password of a `scheme://user:password@host` URL (an `--l1` node's) as `***`, wherever the URL stands in the text. */
export function maskUrlPassword(text: string): string {
  return text.includes('@') ? text.replace(/(\/\/[^/@:\s]*:)[^/@\s]+@/g, '$1***@') : text;
}

/** A query value as it may be shown: `[redacted]` under a secret name. */
export function redactQueryValue(name: string, value: string): string {
  return isSecretName(name) || SECRET_QUERY_NAME.test(name) ? REDACTED : value;
}

/**
 * `value` with the value of every field under a secret name (`secret`, default isSecretName) replaced by `[redacted]`, at any depth.
 * Nothing is copied when nothing is secret (the common case: a view or an answer without one).
 */
export function redact<T>(value: T, secret: (name: string) => boolean = isSecretName): T {
  if (typeof value === 'string') return maskUrlPassword(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const m = redact(value[i], secret);
      if (m !== value[i]) (out ??= value.slice())[i] = m;
    }
    return (out ?? value) as T;
  }
  // Only plain records are walked: a bigint, a Uint8Array or a Map holds no named field.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const m = secret(k) ? REDACTED : redact(v, secret);
    if (m !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = m;
  }
  return (out ?? value) as T;
}
