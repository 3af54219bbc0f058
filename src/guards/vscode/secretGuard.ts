import { createHash, randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { SecretKind } from '../common/secretScan';
import { findPartSecrets, type GuardedPart, type PartSecret, redactParts } from '../common/secretSources';
import { secretKindLabel, secretPlace } from './secretLabels';

export type { GuardedPart } from '../common/secretSources';

/** One credential as the user is shown it: what it looks like, where it is, and a masked preview, never the value. */
export interface ShownSecret {
  readonly kind: SecretKind;
  readonly origin: GuardedPart['origin'];
  /** The attachment's label, or the instruction file's name. */
  readonly name: string;
  readonly line: number;
  readonly preview: string;
}

export interface SecretQuestion {
  readonly secrets: readonly ShownSecret[];
}
/** Redact each, send them as they are, or (undefined) send nothing. */
export type SecretAnswer = 'redact' | 'send' | undefined;
export type AskAboutSecrets = (question: SecretQuestion) => Thenable<SecretAnswer>;

const CHOICES_KEY = 'clusterChat.secrets.choices';
const SALT_KEY = 'clusterChat.secrets.salt';
/** Values remembered at most; the oldest choices go first. */
const REMEMBERED = 500;
/** Findings listed in the question; the count names the rest. */
const SHOWN_SECRETS = 8;

/**
 * What looks like a credential is shown before it leaves the machine: a key pasted with a file or
 * kept in an instruction file would otherwise go to the cluster, and into its logs, unseen. The user
 * redacts or sends, and the choice holds for that value from then on, in this workspace. A value is
 * remembered by a salted SHA-256 only, so the workspace state holds no credential.
 */
export class SecretGuard {
  constructor(
    private readonly state: vscode.Memento,
    private readonly ask: AskAboutSecrets = askInDialog,
  ) {}

  /** Each part's text as it may go out (chosen credentials replaced by `[redacted]`); undefined when the user chose to send nothing. */
  async guard(parts: readonly GuardedPart[]): Promise<string[] | undefined> {
    const secrets = findPartSecrets(parts);
    if (secrets.length === 0) {
      return parts.map((part) => part.text);
    }
    const salt = await this.salt();
    const digests = secrets.map((secret) => digest(salt, secret.value));
    const choices = this.choices();
    const unknown = secrets.filter((_, index) => choices[digests[index] ?? ''] === undefined);
    let answer: SecretAnswer;
    if (unknown.length > 0) {
      answer = await this.ask({ secrets: unknown.map(shown) });
      if (answer === undefined) {
        return undefined;
      }
      await this.remember(
        digests.filter((each) => choices[each] === undefined),
        answer,
      );
    }
    const chosen = new Set(secrets.flatMap((_, index) => ((choices[digests[index] ?? ''] ?? answer) === 'redact' ? [index] : [])));
    return redactParts(parts, secrets, chosen);
  }

  private choices(): Record<string, 'redact' | 'send'> {
    return this.state.get<Record<string, 'redact' | 'send'>>(CHOICES_KEY, {});
  }

  private async remember(digests: readonly string[], answer: 'redact' | 'send'): Promise<void> {
    const entries = Object.entries(this.choices()).filter(([each]) => !digests.includes(each));
    const added = [...new Set(digests)].map((each): [string, 'redact' | 'send'] => [each, answer]);
    await this.state.update(CHOICES_KEY, Object.fromEntries([...entries, ...added].slice(-REMEMBERED)));
  }

  private async salt(): Promise<string> {
    const kept = this.state.get<string>(SALT_KEY);
    if (kept !== undefined) {
      return kept;
    }
    const salt = randomBytes(16).toString('hex');
    await this.state.update(SALT_KEY, salt);
    return salt;
  }
}

function digest(salt: string, value: string): string {
  return createHash('sha256').update(salt).update('\0').update(value).digest('hex');
}

function shown(secret: PartSecret): ShownSecret {
  return { kind: secret.finding.kind, origin: secret.origin, name: secret.name, line: secret.line, preview: secret.finding.preview };
}

/** The question as a modal dialog: each finding by kind, place and masked preview. */
async function askInDialog(question: SecretQuestion): Promise<SecretAnswer> {
  const redact = vscode.l10n.t('Redact');
  const send = vscode.l10n.t('Send');
  const places = question.secrets
    .slice(0, SHOWN_SECRETS)
    .map(
      (secret) =>
        `• ${vscode.l10n.t('{0} in {1}, line {2}: {3}', secretKindLabel(secret.kind), secretPlace(secret), secret.line, secret.preview)}`,
    );
  const more = question.secrets.length > SHOWN_SECRETS ? [vscode.l10n.t('…and {0} more.', question.secrets.length - SHOWN_SECRETS)] : [];
  const message = vscode.l10n.t(
    'This message carries {0} value(s) that look like credentials. Redact sends [redacted] in their place; Send sends them as they are. The choice is remembered for each value.',
    question.secrets.length,
  );
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail: [...places, ...more].join('\n') }, redact, send);
  return answer === redact ? 'redact' : answer === send ? 'send' : undefined;
}
