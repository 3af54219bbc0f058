import { findSecrets, redact, type SecretFinding } from './secretScan';

/** One text of a send, scanned on its own, so a finding names where it came from. */
export interface GuardedPart {
  readonly origin: 'typed' | 'systemPrompt' | 'attachment' | 'instructions' | 'request';
  /** The attachment's label (its path and lines), or the file a request is about; empty for the others. */
  readonly name: string;
  readonly text: string;
}

/** A credential found in one part of a send. */
export interface PartSecret {
  /** Its part's index. */
  readonly part: number;
  readonly finding: SecretFinding;
  /** The credential itself: what is redacted and what the choice is remembered by (as a hash). Never shown. */
  readonly value: string;
  readonly origin: GuardedPart['origin'];
  /** The attachment's label, or the instruction file's block name ('' outside a block). */
  readonly name: string;
  /** 1-based, within the part, or within the instruction file's block. */
  readonly line: number;
}

/** Every credential in the parts, part by part, in order. */
export function findPartSecrets(parts: readonly GuardedPart[]): PartSecret[] {
  return parts.flatMap((part, index) => {
    const blocks = part.origin === 'instructions' ? fencedBlocks(part.text) : [];
    return findSecrets(part.text).map((finding): PartSecret => {
      const block = blocks.find((each) => each.start <= finding.start && finding.start < each.end);
      const from = block?.start ?? 0;
      return {
        part: index,
        finding,
        value: part.text.slice(finding.start, finding.end),
        origin: part.origin,
        name: part.origin === 'instructions' ? (block?.source ?? '') : part.name,
        line: lineAt(part.text, from, finding.start),
      };
    });
  });
}

/** Each part's text with the chosen secrets (by their index in `secrets`) replaced by `[redacted]`. */
export function redactParts(parts: readonly GuardedPart[], secrets: readonly PartSecret[], chosen: ReadonlySet<number>): string[] {
  return parts.map((part, index) => {
    const own = secrets.flatMap((secret, at) => (secret.part === index ? [{ finding: secret.finding, chosen: chosen.has(at) }] : []));
    const picked = new Set(own.flatMap((each, at) => (each.chosen ? [at] : [])));
    return picked.size === 0
      ? part.text
      : redact(
          part.text,
          own.map((each) => each.finding),
          picked,
        );
  });
}

interface Block {
  readonly source: string;
  /** Offsets of its content, end exclusive. */
  readonly start: number;
  readonly end: number;
}

/**
 * The fenced blocks of the instructions sent with a turn (`instructions/common/instructionBlocks.ts`):
 * each opens with a fence and the file's name, and closes with the same fence alone on its line; the
 * fence is longer than any run of its character inside, so nothing in a file closes its block early.
 */
function fencedBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let open: { fence: string; source: string; start: number } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const next = offset + line.length + 1;
    if (open === undefined) {
      const opening = /^(`{3,}|~{3,})(.+)$/.exec(line);
      if (opening) {
        open = { fence: opening[1] ?? '', source: opening[2] ?? '', start: next };
      }
    } else if (line === open.fence) {
      blocks.push({ source: open.source, start: open.start, end: offset });
      open = undefined;
    }
    offset = next;
  }
  return open === undefined ? blocks : [...blocks, { source: open.source, start: open.start, end: text.length }];
}

function lineAt(text: string, from: number, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n', from); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
  }
  return line;
}
