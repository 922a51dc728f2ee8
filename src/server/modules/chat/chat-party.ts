/** Who is on one side of a conversation: a signed-in person, or a visitor holding a chat token. */
export type ChatParty =
  | { kind: 'user'; userId: string }
  | { kind: 'visitor'; visitorId: string; tokenHash: string; expiresAt: Date };

/** A conversation belongs to exactly one person or visitor; sockets are found by this key. */
export type ConversationOwner = { userId: string } | { visitorId: string };

export function ownerOf(party: ChatParty): ConversationOwner {
  return party.kind === 'user' ? { userId: party.userId } : { visitorId: party.visitorId };
}

export function ownerKey(owner: ConversationOwner): string {
  return 'userId' in owner ? `user:${owner.userId}` : `visitor:${owner.visitorId}`;
}
