import { extractCodeBlocks } from '../../markdown/common/codeBlocks';
import { languageIdForFence } from '../../markdown/common/fenceLanguage';

/** The code a reply proposes for the sent text, or why there is none. */
export type ProposedCode = { readonly kind: 'code'; readonly code: string } | { readonly kind: 'noCode' } | { readonly kind: 'unchanged' };

/**
 * Picks the code block of a reply that replaces the sent text: among the blocks in the sent
 * language (or without a language), the longest; a reply asked for "the complete code in one
 * block" may still add a short usage example. The code gets the sent text's line breaks, and ends
 * with a line break exactly when the sent text did, so an unchanged line never shows as changed.
 */
export function proposedCode(markdown: string, sent: { readonly text: string; readonly languageId: string }): ProposedCode {
  const blocks = extractCodeBlocks(markdown).filter((block) => block.code.trim().length > 0);
  const sameLanguage = blocks.filter(
    (block) =>
      block.fenceLanguage === '' || block.fenceLanguage === sent.languageId || languageIdForFence(block.fenceLanguage) === sent.languageId,
  );
  const candidates = sameLanguage.length > 0 ? sameLanguage : blocks;
  const chosen = candidates.reduce<string | undefined>(
    (longest, block) => (longest === undefined || block.code.length > longest.length ? block.code : longest),
    undefined,
  );
  if (chosen === undefined) {
    return { kind: 'noCode' };
  }
  const code = fitToSent(chosen, sent.text);
  return code === sent.text ? { kind: 'unchanged' } : { kind: 'code', code };
}

function fitToSent(code: string, sent: string): string {
  const eol = sent.includes('\r\n') ? '\r\n' : '\n';
  // A fenced block's content always ends with one line break of the fence's own.
  let fitted = code.replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (eol === '\r\n') {
    fitted = fitted.replace(/\n/g, '\r\n');
  }
  return /\r?\n$/.test(sent) ? `${fitted}${eol}` : fitted;
}
