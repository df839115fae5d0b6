/** The chat dialog the `messages` remote exposes; the Messages screen, the search widget and the companion screen open it. */
export const CHAT_DIALOG_MODULE = 'messages/ChatDialog';

export interface ChatDialogProps {
  open: boolean;
  conversationId: string;
  /** The other participant's name (spec default 'User'). */
  otherParticipantName?: string;
  /** companion, ride or document: the title reads '{name}' and '{Type} Service'. */
  serviceType?: string;
  /** A line shown above the messages, e.g. 'Chat with Asha is now available!' after the contact flow. */
  notice?: string;
  onClose: () => void;
}
