import type { AttachedBlock } from '../../../conversations/common/attachedBlocks';
import { button, element } from '../../../base/browser/dom';
import { renderReplyInto } from '../../../codeBlocks/browser/progressiveReply';
import { fenceCode } from '../../../replies/common/selectionPrompt';
import { text } from '../../../webview/browser/strings';

/**
 * The attachments a user message was sent with, as chips under its text (as the composer showed
 * them); a chip opens below the row the very block that was sent, and closes it again. A block is
 * rendered only when first opened: a message may carry 100,000 characters per mention.
 *
 * ```html
 * <div class="message-attached" role="group" aria-label="Attached and sent with this message">
 *   <button class="message-attached-chip" aria-expanded="false" aria-controls="…-0" title="Show what was sent: src/app.ts">src/app.ts</button>
 *   <div class="message-attached-body" id="…-0" hidden>```typescript …```</div>
 * </div>
 * ```
 */
export function attachedChips(blocks: readonly AttachedBlock[], idPrefix: string): HTMLElement {
  const group = element('div', 'message-attached');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', text('attachedSent'));
  const row = element('div', 'message-attached-row');
  group.append(row);
  blocks.forEach((block, index) => {
    const chip = button('message-attached-chip', { text: block.label });
    chip.title = text('showAttached', block.label);
    chip.setAttribute('aria-expanded', 'false');
    const body = element('div', 'message-attached-body');
    body.id = `${idPrefix}-${index}`;
    body.hidden = true;
    chip.setAttribute('aria-controls', body.id);
    chip.addEventListener('click', () => {
      const open = chip.getAttribute('aria-expanded') !== 'true';
      if (open && body.childElementCount === 0) {
        renderReplyInto(body, fenceCode(block.code, block.language), []);
      }
      chip.setAttribute('aria-expanded', String(open));
      body.hidden = !open;
    });
    row.append(chip);
    group.append(body);
  });
  return group;
}
