import type { ConversationRow } from './chat.repository.ts';

const MAX_ENTRIES = 50_000;

/**
 * A conversation's id never changes for its owner, and a visitor's e-mail, once given, stays: so a
 * message needs one database round trip, not three. Only settled conversations are remembered (a
 * visitor without an e-mail is looked up again); a failed insert forgets the entry.
 */
export function createConversationCache() {
  const entries = new Map<string, ConversationRow>();
  return {
    get: (ownerKey: string) => entries.get(ownerKey),
    remember(ownerKey: string, conversation: ConversationRow): void {
      if (conversation.visitorId && !conversation.visitorEmail) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(ownerKey, conversation);
    },
    forget: (ownerKey: string) => entries.delete(ownerKey),
  };
}
