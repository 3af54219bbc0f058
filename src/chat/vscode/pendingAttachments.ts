import { randomBytes } from 'node:crypto';
import type { Attachment } from '../../conversations/common/conversation';
import type { AttachmentView, HostToChatMessage } from '../common/chatProtocol';
import { attachmentViews } from './chatViewModels';

/** Code attached to the next message, shown as chips in the view until it is sent or removed. */
export class PendingAttachments {
  private attachments: Attachment[] = [];

  constructor(private readonly post: (message: HostToChatMessage) => void) {}

  get all(): readonly Attachment[] {
    return this.attachments;
  }

  views(): AttachmentView[] {
    return attachmentViews(this.attachments);
  }

  add(attachment: Omit<Attachment, 'id'>): void {
    this.set([...this.attachments, { ...attachment, id: randomBytes(4).toString('hex') }]);
  }

  remove(id: string): void {
    this.set(this.attachments.filter((attachment) => attachment.id !== id));
  }

  /** Takes them all for the message being sent. */
  take(): readonly Attachment[] {
    const taken = this.attachments;
    this.set([]);
    return taken;
  }

  private set(attachments: Attachment[]): void {
    this.attachments = attachments;
    this.post({ type: 'attachments', attachments: this.views() });
  }
}
